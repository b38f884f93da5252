/**
 * Table scripts: what players do at the table, one step per line, for tests and demos.
 *
 *   # comment
 *   new Ann Ben Cleo [seed=N] [start=N]   new game through the protocol (names = seats 1..n)
 *   given {json}                          start from a scenario 'given' (and optional "config")
 *   press S1 K1 K1 OK                     short presses, in order (S1..S7, K1..K6, OK, BK)
 *   hold OK                               long press (held past the long-press time)
 *   bounce K3                             a bouncing press (simulated board only)
 *   chord OK BK 3500                      hold buttons together for N ms (simulated board only)
 *   wait 9000                             milliseconds (the simulated board's clock jumps)
 *   act {"do":"pass"}                     an engine action sent as a host command
 *   powercut                              power off and on (simulated board only)
 *   expect act throw [json subset]        an accepted action of that kind arrived
 *   expect rej CODE                       a refusal with that code arrived
 *   expect state path=json …              the mirrored game (conventions view) has these values
 *   expect ui path=json …                 the board's table UI (entry e, votes v, err …)
 *   expect led X Y LETTER                 the LED at column X, row Y shows palette LETTER (. d W R G B Y C M O)
 *   expect no act                         nothing was accepted since the last expectation
 */
export type Step =
  | { line: number; op: 'new'; names: string[]; seed?: number; start?: number }
  | { line: number; op: 'given'; given: Record<string, unknown>; config?: Record<string, unknown> }
  | { line: number; op: 'press' | 'hold' | 'bounce'; buttons: string[] }
  | { line: number; op: 'wait'; ms: number }
  | { line: number; op: 'chord'; buttons: string[]; ms: number }
  | { line: number; op: 'act'; action: Record<string, unknown> }
  | { line: number; op: 'powercut' }
  | { line: number; op: 'expect_act'; kind: string; subset?: unknown }
  | { line: number; op: 'expect_rej'; code: string }
  | { line: number; op: 'expect_state' | 'expect_ui'; pairs: [string, unknown][] }
  | { line: number; op: 'expect_led'; x: number; y: number; letter: string }
  | { line: number; op: 'expect_no_act' };

export class ScriptError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

const BUTTON = /^(S[1-7]|K[1-6]|OK|BK)$/;

function json(text: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ScriptError(line, `not JSON: ${text}`);
  }
}

function pairs(words: string[], line: number): [string, unknown][] {
  return words.map((w) => {
    const eq = w.indexOf('=');
    if (eq < 1) throw new ScriptError(line, `expected path=value, got ${w}`);
    const raw = w.slice(eq + 1);
    let v: unknown = raw;
    try {
      v = JSON.parse(raw);
    } catch {
      // bare words are strings: phase=await_throw
    }
    return [w.slice(0, eq), v];
  });
}

export function parseScript(text: string): Step[] {
  const steps: Step[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const t = raw.replace(/\s+#.*$/, '').trim();
    if (!t || t.startsWith('#')) return;
    // Words, keeping "quoted strings" (with spaces) and JSON values in one piece.
    const [op, ...rest] = t.match(/(?:[^\s"]+|"[^"]*")+/g) || [];
    if (!op) return;
    const tail = t.slice(op.length).trim();
    switch (op) {
      case 'new': {
        const names = rest.filter((w) => !w.includes('='));
        const opts = Object.fromEntries(pairs(rest.filter((w) => w.includes('=')), line));
        steps.push({ line, op: 'new', names, seed: opts.seed as number | undefined, start: opts.start as number | undefined });
        return;
      }
      case 'given': {
        const g = json(tail, line) as Record<string, unknown>;
        const config = g.config as Record<string, unknown> | undefined;
        delete g.config;
        steps.push({ line, op: 'given', given: g, config });
        return;
      }
      case 'press':
      case 'hold':
      case 'bounce':
        for (const b of rest) if (!BUTTON.test(b)) throw new ScriptError(line, `unknown button ${b} (S1..S7, K1..K6, OK, BK)`);
        if (!rest.length) throw new ScriptError(line, `${op} needs a button`);
        steps.push({ line, op, buttons: rest });
        return;
      case 'chord': {
        const ms = Number(rest[rest.length - 1]);
        const buttons = rest.slice(0, -1);
        for (const b of buttons) if (!BUTTON.test(b)) throw new ScriptError(line, `unknown button ${b}`);
        if (!(ms > 0) || buttons.length < 2) throw new ScriptError(line, 'chord needs two or more buttons and milliseconds');
        steps.push({ line, op: 'chord', buttons, ms });
        return;
      }
      case 'wait':
        if (!/^\d+$/.test(rest[0] || '')) throw new ScriptError(line, 'wait needs milliseconds');
        steps.push({ line, op: 'wait', ms: Number(rest[0]) });
        return;
      case 'act':
        steps.push({ line, op: 'act', action: json(tail, line) as Record<string, unknown> });
        return;
      case 'powercut':
        steps.push({ line, op: 'powercut' });
        return;
      case 'expect': {
        const what = rest[0];
        const more = tail.slice(what ? what.length : 0).trim();
        if (what === 'act') {
          const kind = rest[1];
          if (!kind) throw new ScriptError(line, 'expect act needs an action kind');
          const sub = more.slice(kind.length).trim();
          steps.push({ line, op: 'expect_act', kind, subset: sub ? json(sub, line) : undefined });
        } else if (what === 'rej') steps.push({ line, op: 'expect_rej', code: rest[1] });
        else if (what === 'state' || what === 'ui') steps.push({ line, op: what === 'state' ? 'expect_state' : 'expect_ui', pairs: pairs(rest.slice(1), line) });
        else if (what === 'led') steps.push({ line, op: 'expect_led', x: Number(rest[1]), y: Number(rest[2]), letter: rest[3] });
        else if (what === 'no' && rest[1] === 'act') steps.push({ line, op: 'expect_no_act' });
        else throw new ScriptError(line, `unknown expectation ${what}`);
        return;
      }
      default:
        throw new ScriptError(line, `unknown step ${op}`);
    }
  });
  return steps;
}
