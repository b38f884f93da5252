/**
 * The firmware's Storage modules (dt.rare, dt.maint) carry the firmware's hash, and a board whose
 * module is missing, cut short or from another flash (a flash writes the modules first, so one
 * cut short leaves new modules beside old boot code) comes up anyway and says why it cannot play:
 * it stopped in its constructor before, with nothing on the link (a kiosk's console is locked).
 */
import { describe, expect, it } from 'vitest';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { fnv1a } from '../../shared/engine/hash';
import type { HostCmd } from '../../shared/protocol/messages';
import { journalGame } from '../support/journal-game';
import { bootedSim } from '../support/game-driver';
import { defaultBoardConfig } from '../../firmware/src/config';

/** The current module with another build's stamp: valid code that the boot code must not run. */
const foreign = (text: string) => '"0badc0de"' + text.slice(10);
/** The same, with a stamp that differs from this build's in its last digit alone: the whole hash is compared. */
const nearly = (text: string) => text.slice(0, 8) + (text[8] === '0' ? '1' : '0') + text.slice(9);

describe('the firmware hash', () => {
  it('covers the boot bundle and both modules, each module starts with it, and anyone can recompute it from the three files', async () => {
    const b = await ensureBundle();
    const h = b.manifest.hash;
    expect(h).toMatch(/^[0-9a-f]{8}$/);
    for (const name of ['dt.rare', 'dt.maint']) expect(b.files[name].slice(0, 11)).toBe(`"${h}";`);
    const back = (t: string) => t.split(h).join('@bundle@');
    expect(fnv1a(back(b.code) + '\n' + back(b.files['dt.maint']) + '\n' + back(b.files['dt.rare']) + '\n').slice(0, 8)).toBe(h);
    const { sim, board } = await bootedSim([]);
    expect(sim.requestSync({ c: 'hello' } as HostCmd).msgs.find((m) => m.t === 'hello')).toMatchObject({ bh: h });
    expect(board.storage.files['dt.rare'].slice(0, 11)).toBe(`"${h}";`);
  });
});

describe('a board whose dt.rare cannot be used', () => {
  const cases: [string, (files: Record<string, string>) => void][] = [
    ['missing', (f) => delete f['dt.rare']],
    ['from another flash', (f) => (f['dt.rare'] = foreign(f['dt.rare']))],
    ['from another flash whose hash differs in its last digit', (f) => (f['dt.rare'] = nearly(f['dt.rare']))],
    ['cut short (a power cut while it was written)', (f) => (f['dt.rare'] = f['dt.rare'].slice(0, f['dt.rare'].length >> 1))],
  ];
  for (const [what, damage] of cases) {
    it(`${what}: it boots, says hello and no_rare, refuses OK in the set-up as no_rare, answers a host's commands with it, and throws nothing`, async () => {
      const { board, sim } = await bootedSim([]);
      damage(board.storage.files);
      const from = sim.msgs.length;
      board.powerCut();
      board.boot();
      board.advance(50);
      const boot = sim.msgs.slice(from);
      expect(boot.find((m) => m.t === 'hello')).toBeTruthy();
      // no_rare alone: the stand-in's boot resumes nothing, so no resume_failed after it.
      expect(boot.filter((m) => m.t === 'err').map((m) => (m as { code?: string }).code)).toEqual(['no_rare']);
      sim.press('S1', 'S2', 'OK');
      const ui = sim.msgs.filter((m) => m.t === 'ui').pop() as unknown as { err: string };
      expect(ui.err).toBe('no_rare');
      for (const c of [{ c: 'snap' }, { c: 'new', p: ['Ann', 'Ben'] }, { c: 'cfg', k: 'window_ms', v: 9000 }]) {
        const r = sim.requestSync(c as HostCmd);
        expect(r.msgs.find((m) => m.t === 'err')).toMatchObject({ code: 'no_rare' });
      }
      expect(board.errors).toEqual([]);
    });
  }

  it('runs on the default settings, not those saved (reading them is the module\'s work)', async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }, { c: 'cfg', k: 'window_ms', v: 9000 }]);
    board.storage.files['dt.rare'] = foreign(board.storage.files['dt.rare']);
    board.powerCut();
    board.boot();
    board.advance(50);
    const from = sim.msgs.length;
    // The staff menu (OK and BACK held) shows the dice window the board runs on.
    board.press('OK', 3600);
    board.press('BK', 3600);
    board.advance(4000);
    const staff = sim.msgs.slice(from).filter((m) => m.t === 'ui' && (m as { m?: string }).m === 'staff').pop();
    expect(staff).toMatchObject({ w: defaultBoardConfig().window_ms });
    expect(board.errors).toEqual([]);
  });

  it('keeps the journaled game: a flash that brings the module back resumes it where it was', async () => {
    const g = await journalGame(11, ['Ann', 'Ben', 'Cleo']);
    for (let i = 0; i < 5; i++) g.move();
    const before = g.snap();
    const rare = g.board.storage.files['dt.rare'];
    g.board.storage.files['dt.rare'] = foreign(rare);
    const from = g.sim.msgs.length;
    g.restart();
    expect(g.sim.msgs.slice(from).find((m) => m.t === 'err')).toMatchObject({ code: 'no_rare' });
    // Buttons in the set-up it shows cannot replace the game with a new one.
    g.sim.press('S1', 'S2', 'OK');
    g.board.storage.files['dt.rare'] = rare;
    g.restart();
    expect(g.snap()).toEqual(before);
    expect(g.board.errors).toEqual([]);
  });
});

describe('a board whose dt.maint cannot be used', () => {
  const cases: [string, (text: string) => string][] = [
    ['from another flash', foreign],
    ['cut short (a power cut while it was written)', (t) => t.slice(0, t.length >> 1)],
  ];
  for (const [what, damage] of cases) it(`${what}: does not run it: the self-test at power-up is refused as no_maintenance, and the table plays`, async () => {
    const { board, sim } = await bootedSim([{ c: 'cfg', k: 'attract_ms', v: 0 }]);
    board.storage.files['dt.maint'] = damage(board.storage.files['dt.maint']);
    board.powerCut();
    const from = sim.msgs.length;
    // A finger on OK and BACK through power-up past the entry time: the self-test, from dt.maint.
    board.boot(['OK', 'BK']);
    board.advance(800);
    board.setPin(board.pinOf('OK'), 1);
    board.setPin(board.pinOf('BK'), 1);
    board.advance(1000);
    expect(sim.msgs.slice(from).find((m) => m.t === 'err')).toMatchObject({ code: 'no_maintenance' });
    board.press('K1', 80);
    board.advance(300);
    expect(sim.msgs.slice(from).some((m) => m.t === 'btn' && (m as { b?: string }).b === 'K1')).toBe(true);
    expect(board.errors).toEqual([]);
  });
});
