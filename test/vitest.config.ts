import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Lives in test/ so the top level stays as fixed by the guide; root is the repository.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
