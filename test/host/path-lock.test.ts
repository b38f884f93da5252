/**
 * One simulated board per Storage file, and one sim per pty path: a second dicetray on a file another live process has is
 * refused (exit 3) before it reads, writes or (with --fresh) erases anything; a lock left by a
 * process that is gone is taken over; the same process may open its file again; of many started
 * at the same instant, one gets it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockStorage } from '../../host/src/sim/path-lock';
import { HostError } from '../../host/src/errors';
import { cli } from '../support/cli';
import { REPO, scratchDir, waitUntil } from '../support/host-harness';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill()));

/** A live process that is not this one, as the holder of a lock. */
function otherProcess(): number {
  const c = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(c);
  return c.pid as number;
}

describe('the Storage file of a simulated board', () => {
  it('is refused while another live process has it, and taken over once that process is gone', async () => {
    const file = path.join(scratchDir(), 'storage.json');
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(other);
    writeFileSync(file + '.lock', String(other.pid));
    let err: unknown;
    try {
      lockStorage(file);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(HostError);
    expect((err as HostError).exitCode).toBe(3);
    expect((err as Error).message).toContain(`in use by another dicetray (process ${other.pid})`);
    other.kill();
    await new Promise((r) => other.once('exit', r));
    const release = lockStorage(file);
    expect(readFileSync(file + '.lock', 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(file + '.lock')).toBe(false);
  });

  it('goes to exactly one of many processes that ask at the same instant', async () => {
    // Every child says it is ready, is then told the moment, spins until it and asks; it keeps what
    // it got until all have asked. The earlier read-then-write lock let two or three of twelve through
    // about every other round.
    const files = [1, 2, 3].map(() => path.join(scratchDir(), 'storage.json'));
    const code = `import { lockStorage } from ${JSON.stringify(path.join(REPO, 'host/src/sim/path-lock.ts'))};
console.log('ready');
process.stdin.once('data', (d) => {
  const start = Number(String(d));
  while (Date.now() < start) {}
  let got = 'busy';
  try { lockStorage(process.argv[1]); got = 'ok'; } catch (e) { if (!/in use by another/.test(e.message)) got = e.message; }
  console.log(got);
  setTimeout(() => process.exit(0), 1500);
});`;
    const kids = files.flatMap((file) =>
      Array.from({ length: 10 }, () => {
        const c = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code, file], { cwd: REPO });
        children.push(c);
        const lines: string[] = [];
        c.stdout.on('data', (d) => lines.push(...String(d).split('\n').filter(Boolean)));
        c.stderr.on('data', (d) => lines.push(String(d)));
        return { c, lines, done: new Promise((r) => c.on('exit', r)) };
      }),
    );
    await waitUntil('all children ready', () => kids.every((k) => k.lines.includes('ready')), 25_000);
    const start = Date.now() + 300;
    kids.forEach((k) => k.c.stdin.write(String(start)));
    await Promise.all(kids.map((k) => k.done));
    const got = kids.map((k) => k.lines.filter((l) => l !== 'ready').join(' '));
    for (let i = 0; i < 3; i++) expect(got.slice(i * 10, i * 10 + 10).filter((g) => g !== 'busy')).toEqual(['ok']);
    expect(files.map((f) => existsSync(f + '.lock'))).toEqual([false, false, false]);
  }, 45_000);

  it('may be opened again by the same process; the lock goes with the last release', () => {
    const file = path.join(scratchDir(), 'storage.json');
    const a = lockStorage(file);
    const b = lockStorage(file);
    a();
    a(); // a second call of the same release changes nothing
    expect(existsSync(file + '.lock')).toBe(true);
    b();
    expect(existsSync(file + '.lock')).toBe(false);
  });

  it('is not erased by sim --fresh, nor played by script, while another sim has it', async () => {
    const dir = scratchDir();
    const file = path.join(dir, 'storage.json');
    writeFileSync(file, JSON.stringify({ 'dt.j': 'a game in progress' }));
    writeFileSync(file + '.lock', String(otherProcess()));
    const s = await cli(['sim', '--fresh', '--headless', '--tcp', '2399', '--storage', file]);
    expect(s.code).toBe(3);
    expect(s.err.join('\n')).toMatch(/in use by another dicetray/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ 'dt.j': 'a game in progress' });
    const script = path.join(dir, 'x.table');
    writeFileSync(script, 'press S1\n');
    const r = await cli(['script', script, '--board', 'sim:' + file]);
    expect(r.code).toBe(3);
    expect(readFileSync(file, 'utf8')).toBe(JSON.stringify({ 'dt.j': 'a game in progress' }));
  });

  it('a pty path another live sim has is refused (exit 2) and left as it is', async () => {
    const dir = scratchDir();
    const tty = path.join(dir, 'ttyDICE');
    writeFileSync(tty, 'the other sim\'s link');
    writeFileSync(tty + '.lock', String(otherProcess()));
    const r = await cli(['sim', '--headless', '--pty', tty, '--storage', path.join(dir, 'own.json')]);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toMatch(/the pty .*ttyDICE is in use by another dicetray sim/);
    expect(readFileSync(tty, 'utf8')).toBe("the other sim's link");
  });
});
