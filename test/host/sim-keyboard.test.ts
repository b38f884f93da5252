import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cliInTerminal } from '../support/cli-in-terminal';
import { Cli, scratchDir, sleep, waitUntil } from '../support/host-harness';

// The README's main job, `dicetray sim`, as a person uses it: in a real terminal (a pseudo-terminal
// from util-linux `script`), keys typed, the screen read back. Both board kinds: pins (the keys
// press the simulated buttons) and --linux (no pins: the keys become the host's btn commands).

const done: (() => unknown)[] = [];
afterEach(async () => {
  while (done.length) await done.pop()!();
});

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** `dicetray sim` in a pseudo-terminal; screen() is the last whole screen it drew, as text. */
function simInTerminal(extra: string[], size?: { cols: number; rows: number }, storage = path.join(scratchDir(), 'sim-storage.json')) {
  const { proc, out } = cliInTerminal(['sim', '--storage', storage, ...extra], done, { size });
  const screen = (): string => {
    // Every redraw starts with "cursor home" and ends with "clear below"; the last one may still be arriving.
    const shots = out().split('\x1b[H').filter((s) => s.includes('Keys:') && s.includes('\x1b[J'));
    return (shots[shots.length - 1] || '').replace(ANSI, '').replace(/\r/g, '');
  };
  const waitFor = (what: string, timeoutMs = 15_000) =>
    waitUntil(`"${what}" on the screen:\n${screen()}`, () => screen().includes(what), timeoutMs).then(screen);
  /** Types keys one at a time, as a person would (slower than the board's debounce). */
  const type = async (keys: string[]) => {
    for (const k of keys) {
      proc.stdin!.write(k);
      await sleep(200);
    }
  };
  return { proc, screen, waitFor, type };
}

describe.each([
  ['pins', ['--fresh']],
  ['--linux', ['--fresh', '--linux']],
])('dicetray sim from the keyboard (%s)', (_kind, args) => {
  it('sets up, refuses a wrong dice count without losing the entry, plays on, survives a power cut and opens the staff menu (pins only)', async () => {
    const t = simInTerminal(args);
    await t.waitFor('Set-up: 2–5 seat buttons join');
    await t.type(['1', '2']);
    await t.waitFor('Joined: Seat 1, Seat 2 · starts: Seat 1');
    await t.type(['\r']);
    let s = await t.waitFor('first throw (7 dice)');
    expect(s).toMatch(/▶ \S+.*markers \[\]/);
    // The game's start has a line of its own in the events (a rematch's too: the last game's events stay above it).
    s = await t.waitFor('— new game —');
    // A seat not in the game: the table's own refusal (no rej line, only the ui line's code) is in the events too.
    await t.type(['7']);
    s = await t.waitFor('(not_playing)');
    expect(s.match(/\(not_playing\)/g)).toHaveLength(1);

    // Two dice for a first throw: refused, and the two stay entered.
    await t.type(['a', 's', '\r']);
    s = await t.waitFor('Refused: 7 dice are due, 2 entered');
    expect(s).toContain('Entering: 3 4 (2 entered, 7 due)');
    expect(s).toContain('first throw (7 dice)');

    // Backspace takes one back; then seven in all are accepted.
    await t.type(['\x7f']);
    await t.waitFor('Entering: 3 (1 entered, 7 due)\n');
    await t.type(['s', 'd', 'f', 'g', 'a', 'h', '\r']);
    s = await t.waitFor('choose the target');
    expect(s).not.toContain('Entering:');
    // The notes say what happened in words, not as the action's JSON.
    expect(s).toContain('Seat 1 threw 3 4 5 6 7 3 raven');
    expect(s).not.toContain('"do"');

    // P: power cut and restart; the journal brings the game back where it was.
    await t.type(['P']);
    await t.waitFor('power cut … power back: game as it was; a half-entered throw is gone');
    await sleep(500);
    s = await t.waitFor('choose the target');

    // The target from the pad: 3 (two of them in the first throw).
    await t.type(['a']);
    s = await t.waitFor('target 3: 2 on the board, ravens 1');

    // The staff menu (OK + BACK held 3 s) needs pins; OK leaves it, the game as it was.
    await t.type(['M']);
    if (_kind === 'pins') {
      s = await t.waitFor('Staff menu: K1');
      await sleep(3800);
      await t.type(['\r']);
      await waitUntil('staff menu to close', () => !t.screen().includes('Staff menu:'), 10_000);
      expect(t.screen()).toContain('target 3: 2 on the board, ravens 1');
    } else await t.waitFor('the staff menu needs button pins');

    t.proc.stdin!.write('\x03');
    await waitUntil('sim to quit on Ctrl-C', () => t.proc.exitCode !== null, 10_000);
    expect(t.proc.exitCode).toBe(0);
  }, 60_000);

  it('takes keys typed faster than the buttons (several in one chunk, a repeated key, an arrow key) one after the other', async () => {
    const t = simInTerminal(args);
    await t.waitFor('Set-up: 2–5 seat buttons join');
    // All at once, as a paste or a fast typist's keys arrive: seats 1 and 2, then OK.
    t.proc.stdin!.write('12\r');
    await t.waitFor('first throw (7 dice)');
    // The same key twice is two presses; an arrow key (an escape sequence) presses nothing.
    t.proc.stdin!.write('aa\x1b[A');
    let s = await t.waitFor('Entering: 3 3 (2 entered, 7 due)\n');
    t.proc.stdin!.write('\x7f\x7fs');
    await t.waitFor('Entering: 4 (1 entered, 7 due)\n');
    t.proc.stdin!.write('dfgaah\r');
    s = await t.waitFor('choose the target');
    expect(s).toContain('target');
    expect(s).not.toContain('Refused');
    t.proc.stdin!.write('\x03');
    await waitUntil('sim to quit on Ctrl-C', () => t.proc.exitCode !== null, 10_000);
  }, 60_000);
});

describe('dicetray sim in an 80 × 24 terminal', () => {
  it('fits: nothing wraps, the title and the keys stay, the oldest notes go first', async () => {
    const t = simInTerminal(['--fresh'], { cols: 80, rows: 24 });
    await t.waitFor('Set-up: 2–5 seat buttons join');
    await t.type(['1', '2', '3', '4', '5', '\r']);
    await t.waitFor('first throw (7 dice)');
    // Five players and a few throws: more notes than the screen has room for.
    await t.type(['a', 's', 'd', 'f', 'g', 'a', 's', '\r', 'a']);
    const s = await t.waitFor('target 3: ');
    await t.type(['a', 'a', '\r']);
    await t.waitFor('Refused');
    const lines = t.screen().replace(/\n$/, '').split('\n');
    expect(lines.length, t.screen()).toBeLessThanOrEqual(23);
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(79);
    expect(lines[0]).toBe('dicetray · simulated board with its mirror');
    expect(s).toContain('Seat 5');
    expect(lines.slice(-4).join('\n')).toContain('Ctrl-C = quit');
    // Blank lines go before the notes: the latest ones (the refusal) stay on the screen, worded as
    // the status line words it.
    expect(t.screen()).toMatch(/^  Refused: 5 dice are due, 2 entered \(wrong_dice_count\)$/m);
    t.proc.stdin!.write('\x03');
    await waitUntil('sim to quit on Ctrl-C', () => t.proc.exitCode !== null, 10_000);
  }, 60_000);
});

describe('dicetray sim --fresh --storage FILE', () => {
  it('starts empty and keeps what the board writes next in FILE: the game is there at the next start', async () => {
    const storage = path.join(scratchDir(), 'kept.json');
    writeFileSync(storage, JSON.stringify({ 'dt.old': 'an earlier game' }));
    let t = simInTerminal(['--fresh'], undefined, storage);
    await t.waitFor('Set-up: 2–5 seat buttons join');
    await t.type(['1', '2', '\r', 'a', 's', 'd']);
    await t.waitFor('Entering: 3 4 5');
    await t.type(['q']);
    await waitUntil('sim to quit on q', () => t.proc.exitCode !== null, 10_000);
    const kept = JSON.parse(readFileSync(storage, 'utf8')) as Record<string, string>;
    expect(kept['dt.old']).toBeUndefined();
    t = simInTerminal([], undefined, storage);
    const s = await t.waitFor('first throw (7 dice)');
    expect(s).not.toContain('Set-up');
    t.proc.stdin!.write('\x03');
    await waitUntil('sim to quit on Ctrl-C', () => t.proc.exitCode !== null, 10_000);
  }, 60_000);
});

describe('dicetray sim --pty from the keyboard', () => {
  it('a power cut says what is true: in general before a mirror read the table, then what the table is back to', async () => {
    const dir = scratchDir();
    const tty = path.join(dir, 'ttySIMKEYS');
    const t = simInTerminal(['--fresh', '--pty', tty], undefined, path.join(dir, 'sim-storage.json'));
    await t.waitFor('Keys:');
    await waitUntil('the pty', () => existsSync(tty), 15_000);
    // In set-up, nobody has read the table yet: no "game as it was" (there was none).
    await t.type(['P']);
    let s = await t.waitFor('power cut … power back: a game is kept (a finished one too); a half-entered throw or a set-up begun is gone');
    expect(s).not.toContain('game as it was');
    // A mirror on the pty reads the table; the sim reads its lines as they pass.
    const cli = new Cli(['mirror', '--port', tty, '--json', '--no-log']);
    done.push(() => cli.stop());
    await cli.event((e) => e.ev === 'synced');
    await t.type(['P']);
    s = await t.waitFor('power cut … power back: the set-up starts over');
    expect(s).not.toContain('game as it was');
  });
});
