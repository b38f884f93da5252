/**
 * Runs a table script against a board: the simulated board (buttons through its pins, fake
 * clock) or any board over the protocol (buttons as host commands, real time). Expectations
 * are checked on the mirrored game, so a script tests the board and the mirror together.
 */
import type { BoardLink } from '../link/board-link';
import { MirrorModel } from '../mirror/mirror-model';
import type { BoardMsg } from '../../../shared/protocol/messages';
import { pechvogel } from '../../../shared/games/pechvogel';
import { subsetMismatches } from '../../../shared/conformance/subset-match';
import type { Step } from './parse-script';
import { GEOMETRY } from '../../../hardware/led-board';
import { errorText } from '../../../shared/engine/error-text';
import { keyText, pathKeys } from './path-keys';

export interface ScriptTarget {
  link: BoardLink;
  press(button: string, long: boolean): Promise<void>;
  bounce?(button: string): Promise<void>;
  chord?(buttons: string[], ms: number): Promise<void>;
  powerCut?(): Promise<void>;
  wait(ms: number): Promise<void>;
  /** Gives the board time to answer what was just sent. */
  settle(): Promise<void>;
  /** Real-time boards: how long an expectation may wait for the board's report before it fails. */
  expectWithinMs?: number;
  /** Why the link to the board is gone, or null while it is up. */
  lost?(): string | null;
}

export interface StepResult {
  line: number;
  ok: boolean;
  problem?: string;
  /** The link to the board was lost during this step (the problem says why). */
  lost?: boolean;
}

const EXPECTATIONS = ['expect_act', 'expect_rej', 'expect_state', 'expect_ui', 'expect_led'];

/** A board's refusal of a command: a rej line, or an err line (with its detail). */
type Refusal = { code: string; msg?: string };

/** `what` refused, the code in words too: a refusal carries no detail of its own ("bad_setup" alone). */
function refusedText(what: string, no: Refusal): string {
  return `${what} refused by the board: ${no.code}${no.msg ? ' ' + no.msg : ''} (${errorText(no.code, no.msg || '')})`;
}

/**
 * The value at `path`, or where the path leaves `o` in words: "got undefined" did not say that
 * players.Ann is no key when the players are Seat 1, Seat 2 (a game set up at the buttons).
 */
function get(o: unknown, path: string): { value: unknown } | { missing: string } {
  let cur = o;
  const keys = pathKeys(path);
  for (let i = 0; i < keys.length; i++) {
    const at = keys.slice(0, i).map(keyText).join('.');
    if (cur === null || typeof cur !== 'object') return { missing: `${keys.slice(0, i + 1).map(keyText).join('.')}: ${at || 'it'} is ${JSON.stringify(cur)}, no object` };
    if (!Object.prototype.hasOwnProperty.call(cur, keys[i])) {
      const have = Object.keys(cur).map(keyText).join(', ');
      return { missing: `${keys.slice(0, i + 1).map(keyText).join('.')}: no such key (${at || 'the top level'} has ${have || 'none'})` };
    }
    cur = (cur as Record<string, unknown>)[keys[i]];
  }
  return { value: cur };
}

export class ScriptRunner {
  readonly model: MirrorModel;
  private queue: BoardMsg[] = [];

  constructor(private target: ScriptTarget) {
    this.model = new MirrorModel(() => target.link.send({ c: 'snap' }));
    target.link.on('msg', (m: BoardMsg) => {
      this.model.handle(m);
      this.queue.push(m);
      // A board that (re)started has LED frames off: on again, or `expect led` after a power
      // cut would read the frame from before it.
      if (m.t === 'hello') target.link.send({ c: 'leds', on: true });
    });
  }

  /**
   * Connects: hello (LED frames on at its answer), snapshot. A board that says nothing is asked
   * again for up to `helloMs` of real time; the caller reads model.hello to tell what answered.
   */
  async start(helloMs = 5000): Promise<void> {
    const t0 = Date.now();
    do {
      this.target.link.send({ c: 'hello' });
      await this.target.settle();
      if (this.target.lost && this.target.lost()) return;
    } while (!this.model.hello && Date.now() - t0 < helloMs);
    await this.target.settle();
  }

  private take(pred: (m: BoardMsg) => boolean): BoardMsg | null {
    const i = this.queue.findIndex(pred);
    if (i < 0) return null;
    const m = this.queue[i];
    this.queue.splice(0, i + 1);
    return m;
  }

  private view(): Record<string, unknown> | null {
    return this.model.state ? pechvogel.view(this.model.state) : null;
  }

  /**
   * One step; `next` is the step after it in the script: an `act` the board refuses fails unless
   * `next` is the `expect rej` of that refusal (the script means it).
   */
  async step(s: Step, next?: Step): Promise<string | null> {
    const t = this.target;
    switch (s.op) {
      case 'new': {
        this.queue = [];
        t.link.send({ c: 'new', p: s.names, seed: s.seed, st: s.start, ...(s.house67 ? { cfg: { unofficial_player_count: true } } : {}) });
        await this.after();
        // A set-up the board cannot start is an err (bad_setup: a name too long, …), as for given.
        const no = await this.refusal(0, (m) => m.t === 'new', (m) => m.t === 'err' || (m.t === 'rej' && m.a === 'new'));
        return no && refusedText('new', no);
      }
      case 'given': {
        const r = pechvogel.fromGiven(s.given, s.config || {});
        if (!r.ok) return `given refused: ${r.error.code} ${r.error.message}`;
        this.queue = [];
        t.link.send({ c: 'load', st: r.state as unknown as Record<string, unknown> });
        await this.after();
        const no = await this.refusal(0, (m) => m.t === 'new', (m) => m.t === 'err' || (m.t === 'rej' && m.a === 'load'));
        return no && refusedText('given', no);
      }
      case 'press':
      case 'hold':
        for (const b of s.buttons) await t.press(b, s.op === 'hold');
        return this.after();
      case 'bounce':
        if (!t.bounce) return 'bounce works on the simulated board only';
        for (const b of s.buttons) await t.bounce(b);
        return this.after();
      case 'chord':
        if (!t.chord) return 'chord works on the simulated board only';
        await t.chord(s.buttons, s.ms);
        return this.after();
      case 'wait':
        await t.wait(s.ms);
        return this.after();
      case 'act': {
        const from = this.queue.length;
        const kind = s.action.do as string;
        t.link.send({ c: 'act', a: s.action });
        await this.after();
        // Refused: a rej for it; a malformed action, or one not journaled for want of Storage (not
        // taken), an err. (storage_full with detail checkpoint: taken, only its checkpoint failed.)
        const no = await this.refusal(
          from,
          (m) => m.t === 'act' && (m.a as { do?: unknown }).do === kind,
          (m) => (m.t === 'rej' && m.a === kind) || (m.t === 'err' && (m.code === 'bad_action' || (m.code === 'storage_full' && m.msg !== 'checkpoint'))),
        );
        if (!no || (next && next.op === 'expect_rej' && next.code === no.code)) return null;
        const problem = refusedText(`act ${JSON.stringify(s.action)}`, no);
        // A refusal that went unnoticed let the script go on (and pass) from a game that never moved.
        return next && next.op === 'expect_rej' ? `${problem}; line ${next.line} expects rej ${next.code}` : `${problem}; if the script means it, write expect rej ${no.code} as the next step`;
      }
      case 'powercut':
        if (!t.powerCut) return 'powercut works on the simulated board only';
        await t.powerCut();
        return this.after();
      case 'expect_act': {
        const m = this.take((x) => x.t === 'act' && (x.a as { do: string }).do === s.kind && (s.subset === undefined || subsetMismatches(x.a, s.subset).length === 0));
        return m ? null : `no accepted ${s.kind}${s.subset ? ' ' + JSON.stringify(s.subset) : ''}; got ${this.seen()}`;
      }
      case 'expect_rej': {
        // Engine refusals come as rej lines; table refusals show in the UI report (err); an act the
        // board cannot read (bad_action) or store (storage_full) comes as an err line.
        const m = this.take((x) => ((x.t === 'rej' || x.t === 'err') && x.code === s.code) || (x.t === 'ui' && (x as { err?: string }).err === s.code));
        if (m) return null;
        // The same refusal again brings no new ui line (the board reports its UI when it changes,
        // and a press it takes clears the refusal): a press it echoed while the UI still shows it is it.
        if (this.model.ui && this.model.ui.err === s.code && this.take((x) => x.t === 'btn')) return null;
        return `no refusal ${s.code}; got ${this.seen(/* otherRefusals */ true)}`;
      }
      case 'expect_state':
      case 'expect_ui': {
        const root = s.op === 'expect_state' ? this.view() : (this.model.ui as unknown as Record<string, unknown>);
        if (!root) return s.op === 'expect_state' ? 'no game mirrored' : 'no table UI reported';
        const bad: string[] = [];
        for (const [path, want] of s.pairs) {
          const got = get(root, path);
          if ('missing' in got) bad.push(got.missing);
          else for (const m of subsetMismatches(got.value, want, path)) bad.push(m);
        }
        return bad.length ? bad.join('; ') : null;
      }
      case 'expect_led': {
        const f = this.model.frame;
        const got = f[s.y * GEOMETRY.width + s.x];
        return got === s.letter ? null : `LED ${s.x},${s.y} shows ${got === undefined ? 'nothing' : got}, expected ${s.letter}`;
      }
      case 'expect_no_act': {
        const acts = this.queue.filter((x) => x.t === 'act');
        this.queue = [];
        return acts.length ? `unexpected: ${acts.map((a) => JSON.stringify((a as { a: unknown }).a)).join(', ')}` : null;
      }
    }
  }

  /**
   * The board's answer to a command just sent (what came from queue index `from` on): its
   * refusal, or null when it took it. A slow board gets `expectWithinMs` to answer; no answer at
   * all is taken as accepted (the following expectations tell).
   */
  private async refusal(from: number, took: (m: BoardMsg) => boolean, refused: (m: BoardMsg) => boolean): Promise<Refusal | null> {
    const end = Date.now() + (this.target.expectWithinMs || 0);
    for (;;) {
      const answers = this.queue.slice(from);
      const no = answers.find(refused) as Refusal | undefined;
      if (no) return no;
      if (answers.some(took) || Date.now() >= end || (this.target.lost && this.target.lost())) return null;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private async after(): Promise<null> {
    await this.target.settle();
    return null;
  }

  /**
   * The latest acts and refusals, for a failed expect act or rej. With `otherRefusals`, the refusals the
   * board reports otherwise too (an err line; the table's, in its UI report): expect rej takes
   * them, and "got nothing" hid the table's enter_dice from a script that expected another.
   */
  private seen(otherRefusals = false): string {
    const text = (m: BoardMsg): string | null => {
      if (m.t === 'act') return JSON.stringify(m.a);
      if (m.t === 'rej') return `rej ${(m as { code: string }).code}`;
      if (otherRefusals && m.t === 'err') return `err ${(m as { code: string }).code}`;
      const err = otherRefusals && m.t === 'ui' ? (m as { err?: string }).err : undefined;
      return err ? `rej ${err} (the table's)` : null;
    };
    // A table refusal stays in each UI report while it shows: said once.
    const said = this.queue.map(text).filter((t): t is string => t !== null);
    const recent = said.filter((t, i) => t !== said[i - 1]).slice(-4);
    return recent.length ? recent.join(', ') : 'nothing';
  }

  /**
   * One step; an expectation on a real-time board is tried again until it holds or the board had
   * `expectWithinMs` to report (a slow board's act can arrive after the script got there).
   */
  private async checked(s: Step, next?: Step): Promise<string | null> {
    let problem = await this.step(s, next);
    const within = this.target.expectWithinMs || 0;
    if (!problem || !within || EXPECTATIONS.indexOf(s.op) < 0) return problem;
    const end = Date.now() + within;
    while (problem && Date.now() < end && !(this.target.lost && this.target.lost())) {
      await new Promise((r) => setTimeout(r, 50));
      problem = await this.step(s);
    }
    return problem;
  }

  async run(steps: Step[]): Promise<StepResult[]> {
    const out: StepResult[] = [];
    // A step this board cannot do fails before anything is sent (a `new` had replaced its game
    // by the time a later powercut said it works on the simulated board only).
    const t = this.target;
    const cannot = steps.find((s) => (s.op === 'powercut' && !t.powerCut) || (s.op === 'bounce' && !t.bounce) || (s.op === 'chord' && !t.chord));
    if (cannot) return [{ line: cannot.line, ok: false, problem: `${cannot.op} works on the simulated board only: nothing was sent to this board` }];
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i];
      const problem = await this.checked(s, steps[i + 1]);
      const lost = this.target.lost ? this.target.lost() : null;
      if (lost) {
        out.push({ line: s.line, ok: false, problem: `lost the link to the board: ${lost}`, lost: true });
        break;
      }
      out.push(problem ? { line: s.line, ok: false, problem } : { line: s.line, ok: true });
      if (problem) break;
    }
    return out;
  }
}
