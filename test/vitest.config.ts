import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Every scratch file of a run (test folders, Chromium profiles, Espruino's flash files, ptys' links)
// goes under one folder that test/support/remove-scratch.ts deletes when the run ends: a run used to
// leave ~60 folders (several MB of Chromium profiles) in /tmp each time.
const scratch = mkdtempSync(path.join(tmpdir(), 'dicetray-test-'));
process.env.TMPDIR = scratch;
process.env.DICETRAY_TEST_SCRATCH = scratch;

// Lives in test/ so the top level stays as fixed by the guide; root is the repository.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { TMPDIR: scratch },
    globalSetup: ['test/support/remove-scratch.ts'],
  },
});
