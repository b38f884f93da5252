/** The `dicetray` command as a child process, and the checks every bad-input test makes. */
import { expect } from 'vitest';
import { spawn } from 'node:child_process';
import { CLI } from '../support/host-harness';

export interface Run {
  code: number | null;
  out: string;
  err: string;
}

/**
 * Runs the CLI in `cwd`; a run that does not end within `ms` is killed and reported as code null.
 * `nodeArgs`: `args` start with Node's own (`--import HOOK`) and name CLI themselves.
 */
export function run(args: string[], cwd: string, ms = 30_000, env: NodeJS.ProcessEnv = {}, nodeArgs = false): Promise<Run> {
  return new Promise((done) => {
    const p = spawn(process.execPath, nodeArgs ? args : [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => p.kill('SIGKILL'), ms);
    p.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, out, err });
    });
  });
}

/** The common promise: message, hint, no stack trace. */
export function expectClean(r: Run, exit: number, message: RegExp): void {
  expect(r.code, r.err).toBe(exit);
  expect(r.err).toMatch(/^dicetray: /);
  expect(r.err).toMatch(message);
  expect(r.err).toMatch(/\nhint: \S/);
  expect(r.err).not.toMatch(/\n\s+at /);
}

/** Under --json: exactly one JSON object on stdout, the error. */
export function expectJsonError(r: Run, exit: number): Record<string, any> {
  const lines = r.out.trim().split('\n');
  const last = JSON.parse(lines[lines.length - 1]);
  expect(last.ok).toBe(false);
  expect(last.error.exit).toBe(exit);
  expect(typeof last.error.message).toBe('string');
  expect(typeof last.error.hint).toBe('string');
  return last;
}
