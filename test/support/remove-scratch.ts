import { rmSync } from 'node:fs';

/** Vitest global set-up: its teardown deletes the run's scratch folder (test/vitest.config.ts). */
export default function (): () => void {
  return () => {
    const dir = process.env.DICETRAY_TEST_SCRATCH;
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
