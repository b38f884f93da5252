import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir, waitUntil } from '../support/host-harness';

// The files a café copies to start the wall screen at boot (host/service/, README: Kiosk): the
// mirror's systemd user unit runs as written, stops cleanly on SIGTERM, and systemd reads it
// without a complaint; the browser's autostart entry opens the page the unit serves.

const UNIT = readFileSync('host/service/dicetray-mirror.service', 'utf8');
const DESKTOP = readFileSync('host/service/dicetray-wall.desktop', 'utf8');
const key = (text: string, k: string) => (new RegExp(`^${k}=(.*)$`, 'm').exec(text) || [])[1];
const hasAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;

describe('host/service', () => {
  it("the mirror unit's ExecStart starts a mirror from the repository folder, and SIGTERM ends it with exit 0", async () => {
    const exec = key(UNIT, 'ExecStart').split(' ');
    expect(exec.slice(0, 2)).toEqual(['/usr/bin/env', 'node']);
    // The same command on a board in memory and any free port (the unit's board and port are a café's).
    const args = exec.slice(2).map((a) => (a === 'table1=auto' ? 'table1=sim:memory' : a === '8080' ? '0' : a));
    expect(args).toContain('table1=sim:memory');
    const p = spawn(process.execPath, args, { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    try {
      await waitUntil('the page address, or the mirror ending', () => /http:\/\/127\.0\.0\.1:\d+\//.test(out) || p.exitCode !== null, 30_000);
      expect(p.exitCode, out).toBe(null);
      const code = new Promise<number | null>((done) => p.on('exit', (c) => done(c)));
      p.kill('SIGTERM');
      expect(await code).toBe(0);
    } finally {
      p.kill('SIGKILL');
    }
  }, 60_000);

  it.skipIf(!hasAnalyze)('systemd reads the mirror unit without a complaint (systemd-analyze verify --user)', () => {
    const dir = scratchDir('dicetray-unit-');
    const file = path.join(dir, 'dicetray-mirror.service');
    writeFileSync(file, UNIT);
    const r = spawnSync('systemd-analyze', ['verify', '--user', file], { encoding: 'utf8', env: { ...process.env, XDG_RUNTIME_DIR: dir } });
    expect([r.status, r.stderr.trim()]).toEqual([0, '']);
  });

  it('the autostart entry opens the page on the port the unit serves', () => {
    expect(DESKTOP).toMatch(/^\[Desktop Entry\]$/m);
    expect(key(DESKTOP, 'Type')).toBe('Application');
    const port = key(UNIT, 'ExecStart').split(' ')[key(UNIT, 'ExecStart').split(' ').indexOf('--web') + 1];
    expect(key(DESKTOP, 'Exec')).toMatch(new RegExp(`--kiosk .*http://127\\.0\\.0\\.1:${port}$`));
  });
});
