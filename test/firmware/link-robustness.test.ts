import { describe, expect, it } from 'vitest';
import { flashedSimBoard } from '../../host/src/sim/flashed-sim-board';
import { BoardLink } from '../../host/src/link/board-link';
import { ensureBundle } from '../../host/src/firmware-bundle';
import type { BoardMsg } from '../../shared/protocol/messages';
import { mulberry32 } from '../support/random';

async function boot(kiosk: Record<string, unknown> | null) {
  const board = flashedSimBoard(await ensureBundle(), { clock: 'fake', storageFile: null });
  if (kiosk) board.storage.api().writeJSON('dt.kiosk', kiosk);
  const link = new BoardLink((d) => board.write(d));
  const msgs: BoardMsg[] = [];
  const raw: string[] = [];
  board.on('data', (d: Buffer) => {
    raw.push(d.toString('latin1'));
    link.receive(d);
  });
  link.on('msg', (m: BoardMsg) => msgs.push(m));
  board.boot();
  board.advance(100);
  return { board, link, msgs, raw };
}

function packet(body: string): Uint8Array {
  const b = Buffer.from(body, 'latin1');
  return Buffer.concat([Buffer.from([0x10, 0x01, 0x40 | (b.length >> 8), b.length & 0xff]), b]);
}

for (const mode of ['console', 'link'] as const) {
  describe(`bad input on the serial line (${mode} mode)`, () => {
    it('is reported and ignored; the board keeps playing', async () => {
      const { board, link, msgs, raw } = await boot(mode === 'link' ? { link: true, pw: 'staff' } : null);
      link.send({ c: 'new', p: ['Ann', 'Ben'], seed: 1 });
      board.advance(50);
      link.send({ c: 'act', a: { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] } });
      board.advance(50);
      const acts = () => msgs.filter((m) => m.t === 'act').length;
      expect(acts()).toBe(1);
      const errsBefore = msgs.filter((m) => m.t === 'err').length;

      if (mode === 'link') {
        // Link mode parses packets itself: garbage, a bad header, bad JSON, a cut packet.
        board.write('hello there\r\n');
        board.write(Buffer.from([0x10, 0x01, 0x20, 0x05, 0x31, 0x2b, 0x31, 0x2b, 0x31])); // an EVAL packet: refused
        board.write(packet('{not json'));
        board.write(packet('[1,2,3]'));
        board.write(packet('{"c":"dance"}'));
        board.write(packet('{"c":"btn","b":"Z9"}'));
        board.write(packet('{"c":"act","a":{"do":"throw","faces":[9]}}'));
        board.write(packet('{"c":"act"').subarray(0, 8)); // cut short …
        board.advance(1500); // … and abandoned after a second
        board.write(packet('{"c":"hello"}'));
      } else {
        // Console mode: Espruino parses packets; bad ones are NAKed (0x15) and never reach the firmware.
        board.write(packet('{not json'));
        board.write(packet('[1,2,3]'));
        board.write(packet('{"c":"dance"}'));
        board.write(packet('{"c":"btn","b":"Z9"}'));
        board.write(packet('{"c":"act","a":{"do":"throw","faces":[9]}}'));
        link.send({ c: 'hello' });
      }
      // Random bytes (never 0x03/0x04, which end Espruino's Linux build on stdin).
      const rand = mulberry32(Number(process.env.DT_NOISE_SEED) || 5); // another noise, by hand
      const noise = Buffer.from(Array.from({ length: 3000 }, () => {
        const b = rand(256);
        return b === 3 || b === 4 || b === 0x10 ? 0x20 : b;
      }));
      board.write(noise);
      board.advance(1500);
      link.send({ c: 'hello' });
      board.advance(50);

      // In link mode nothing reaches a REPL; in console mode Espruino's REPL reports what it
      // could not run (as the real interpreter does) and the firmware carries on.
      if (mode === 'link') expect(board.errors).toEqual([]);
      const errs = msgs.filter((m) => m.t === 'err').slice(errsBefore).map((m) => (m as { code: string }).code);
      if (mode === 'link') {
        for (const code of ['bad_packet_header', 'bad_json', 'not_an_object', 'unknown_command', 'unknown_button', 'packet_timeout']) expect(errs).toContain(code);
      } else {
        expect(raw.join('')).toContain('\x15');
        expect(errs).toContain('unknown_command');
        expect(errs).toContain('unknown_button');
      }
      expect(msgs.filter((m) => m.t === 'rej').map((m) => (m as { code: string }).code)).toContain('wrong_dice_count');
      // Still alive and still the same game: a hello comes back and a legal action is accepted.
      expect(msgs.filter((m) => m.t === 'hello').length).toBeGreaterThanOrEqual(2);
      link.send({ c: 'act', a: { do: 'choose_target', value: 3 } });
      board.advance(50);
      expect(acts()).toBe(2);
    });
  });
}

describe('kiosk lock', () => {
  it('locks the console with the password set at flash time while packets keep working', async () => {
    const { board, link, msgs, raw } = await boot({ pw: 'staff' });
    board.write('\r\nprint(1+1)\r\n'); // a stranger at the serial port gets the password prompt
    board.advance(50);
    expect(raw.join('')).not.toContain('=2');
    link.send({ c: 'hello' });
    board.advance(50);
    expect(msgs.filter((m) => m.t === 'hello').length).toBe(2);
  });

  it('staff K4 gives the console to the port for flashing; with no upload in 5 minutes the link comes back by itself', async () => {
    const { board, link, msgs, raw } = await boot({ pw: 'staff' });
    const hellos = (from: number) => msgs.slice(from).filter((m) => m.t === 'hello').length;
    board.press('OK', 3600);
    board.press('BK', 3600);
    board.advance(3900);
    board.press('K4', 1200);
    board.advance(1300);
    expect(msgs.some((m) => m.t === 'ui' && (m as { m: string }).m === 'flash')).toBe(true);
    // The host's packets land in the locked console's password prompt now: no answer.
    const n = msgs.length;
    link.send({ c: 'hello' });
    board.advance(50);
    expect(hellos(n)).toBe(0);
    board.advance(290_000);
    expect(hellos(n)).toBe(0);
    // Staff log in at the port (flash --unlock does) and then do not flash (a line end first: the
    // packet above is still in the prompt's line).
    let from = raw.length;
    board.write('\rstaff\r');
    board.advance(50);
    expect(raw.slice(from).join('')).toContain('Logged in');
    // Five minutes without an upload: the link again, said with a hello (a mirror resyncs), and packets answered.
    board.advance(10_000);
    expect(hellos(n)).toBe(1);
    link.send({ c: 'hello' });
    board.advance(50);
    expect(hellos(n)).toBe(2);
    // Locked again: the next K4 hands the port a password prompt, not the logged-in console.
    board.press('OK', 3600);
    board.press('BK', 3600);
    board.advance(3900);
    board.press('K4', 1200);
    board.advance(1300);
    from = raw.length;
    board.write('print(6*7)\r\n');
    board.advance(50);
    expect(raw.slice(from).join('')).toContain('password>');
    expect(raw.slice(from).join('')).not.toContain('42');
  });
});

describe('a kiosk board whose boot fails', () => {
  it('leaves a locked console on the port, not an open one (the lock came after the boot)', async () => {
    const board = flashedSimBoard(await ensureBundle(), { clock: 'fake', storageFile: null });
    board.storage.api().writeJSON('dt.kiosk', { link: true, pw: 'staff' });
    // A module of this flash (its stamp) that throws where the boot calls it: the boot fails. (One
    // missing or from another flash does not stop the boot: module-stamp.test.ts.)
    const rare = board.storage.files['dt.rare'];
    board.storage.api().write('dt.rare', rare.slice(0, rare.indexOf(';') + 1) + 'DT_RARE={loadConfig:function(){throw new Error("damaged")}}');
    const out: string[] = [];
    board.on('data', (d: Buffer) => out.push(d.toString('latin1')));
    board.boot();
    board.advance(100);
    const before = out.join('');
    board.write(Buffer.from('print("open "+(6*7))\n', 'latin1'));
    board.advance(100);
    const after = out.join('').slice(before.length);
    expect(after).not.toContain('open 42');
  });
});

describe('where the console is after boot', () => {
  it('stays on USB, forced, on an open board (unforced, Espruino moves it to Serial1 at 9600 baud while no USB host is there: every press waited for its lines); off the port, forced, on a kiosk', async () => {
    const open = await boot(null);
    expect(open.board.consoleAt).toEqual({ onPort: true, forced: true });
    const kiosk = await boot({ link: true, pw: 'staff' });
    expect(kiosk.board.consoleAt).toEqual({ onPort: false, forced: true });
  });
});
