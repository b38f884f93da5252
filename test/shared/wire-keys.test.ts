/**
 * Protocol v2's short key names (shared/protocol/wire-keys.ts): the host turns every key the board
 * sends back into the conventions' names and every key it sends into the board's, and no other key
 * on the wire may look like one.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLine, encodePacket, parseSnapshot } from '../../shared/protocol/host-codec';
import { WIRE_KEYS, expandKeys, shortenKeys } from '../../shared/protocol/wire-keys';
import { endedGame, run, start } from '../support/pv-states';

const ROOT = join(__dirname, '..', '..');

function keysOf(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysOf(x, out));
  else if (v && typeof v === 'object') for (const k of Object.keys(v)) out.add(k), keysOf((v as Record<string, unknown>)[k], out);
  return out;
}

/** A state holding every key the game has: a throw's undo copy, the turn's first throw, scores and winners. */
function everyKey() {
  const s = run(start([1, 2, 0]), [{ do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] }, { do: 'choose_target', value: 3 }, { do: 'throw', faces: [3, 4, 5, 6] }]);
  const over = endedGame(JSON.parse(JSON.stringify(s)));
  return { s, over };
}

describe('wire keys (protocol v2)', () => {
  it("are the game state's own keys, each its own capital letter", () => {
    const { s, over } = everyKey();
    const keys = new Set([...keysOf(s), ...keysOf(over)]);
    expect(Object.keys(WIRE_KEYS).filter((k) => !keys.has(k))).toEqual([]);
    const short = Object.values(WIRE_KEYS);
    expect(new Set(short).size).toBe(short.length);
    for (const v of short) expect(v).toMatch(/^[A-Z]$/);
  });

  it('a state goes to the board short and comes back as it was, values untouched (a player named "phase" too)', () => {
    const { s } = everyKey();
    s.players[0].name = 'phase';
    const wire = shortenKeys(s);
    expect([...keysOf(wire)].filter((k) => k in WIRE_KEYS)).toEqual([]);
    expect((wire as unknown as Record<string, unknown>).A).toBe(s.phase);
    expect(JSON.stringify(wire)).toContain('"name":"phase"');
    expect(expandKeys(wire)).toEqual(s);
  });

  it('the codec: a load packet carries the short keys, a board line and a snapshot come back long', () => {
    const { s } = everyKey();
    const pkt = new TextDecoder().decode(encodePacket({ c: 'load', st: s as unknown as Record<string, unknown> }).slice(4));
    expect(pkt).toContain('"A":"' + s.phase + '"');
    expect(pkt).not.toContain('"phase"');
    const line = decodeLine('DT:' + JSON.stringify({ t: 'act', s: 4, n: 3, a: { do: 'throw', faces: [3] }, x: { A: 1, B: [{ K: [3] }] } }));
    expect(line.ok && line.msg).toEqual({ t: 'act', s: 4, n: 3, a: { do: 'throw', faces: [3] }, x: { phase: 1, players: [{ markers: [3] }] } });
    expect(parseSnapshot(JSON.stringify({ h: null, st: shortenKeys(s), ui: {} })).st).toEqual(s);
  });

  it('keys that are also names of JavaScript (a garbled line, a hand-made state) stay keys, untouched', () => {
    // An assignment would set the copy's prototype for __proto__ and drop it; a plain lookup would
    // turn constructor or toString into the text of a function.
    const odd = JSON.parse('{"__proto__":{"A":1},"constructor":2,"toString":[{"B":3}]}');
    for (const turn of [expandKeys, shortenKeys]) expect(Object.keys(turn(odd))).toEqual(['__proto__', 'constructor', 'toString']);
    expect(JSON.stringify(expandKeys(odd))).toBe('{"__proto__":{"phase":1},"constructor":2,"toString":[{"players":3}]}');
  });

  it('no other key the board sends or reads is a capital letter (the host expands every key it gets)', () => {
    // Object keys and property names of one capital letter in the code of board, host and protocol.
    const found: string[] = [];
    const walk = (d: string) => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.ts$/.test(f) && !/\.d\.ts$/.test(f)) {
          readFileSync(p, 'utf8').split('\n').forEach((line, i) => {
            if (/^\s*(\*|\/\/)/.test(line)) return;
            for (const m of line.matchAll(/[\w)\]]\.([A-Z])\b(?!\s*\()|[{,]\s*([A-Z])\s*:/g)) found.push(`${relative(ROOT, p)}:${i + 1} ${m[1] || m[2]}`);
          });
        }
      }
    };
    for (const d of ['shared', 'firmware/src', 'host/src']) walk(join(ROOT, d));
    // The throw check's face table (keyed by face, never sent) and the odds' words.
    expect(found.map((f) => f.replace(/:\d+ /, ' '))).toEqual(['shared/games/pechvogel/rules.ts R', 'host/src/commands/odds.ts R']);
  });
});
