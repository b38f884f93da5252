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
import { describeError } from '../../../shared/engine/error-text';

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

function get(o: unknown, path: string): unknown {
  let cur = o as Record<string, unknown> | undefined;
  for (const k of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k] as Record<string, unknown> | undefined;
  }
  return cur;
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

  async step(s: Step): Promise<string | null> {
    const t = this.target;
    switch (s.op) {
      case 'new':
        this.queue = [];
        t.link.send({ c: 'new', p: s.names, seed: s.seed, st: s.start });
        await this.after();
        // A set-up the board cannot start is an err (bad_setup: a name too long, …), as for given.
        return this.outcome('new', (m) => m.t === 'new', (m) => m.t === 'err' || (m.t === 'rej' && m.a === 'new'));
      case 'given': {
        const r = pechvogel.fromGiven(s.given, s.config || {});
        if (!r.ok) return `given refused: ${r.error.code} ${r.error.message}`;
        this.queue = [];
        t.link.send({ c: 'load', st: r.state as unknown as Record<string, unknown> });
        await this.after();
        return this.outcome('given', (m) => m.t === 'new', (m) => m.t === 'err' || (m.t === 'rej' && m.a === 'load'));
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
      case 'act':
        t.link.send({ c: 'act', a: s.action });
        return this.after();
      case 'powercut':
        if (!t.powerCut) return 'powercut works on the simulated board only';
        await t.powerCut();
        return this.after();
      case 'expect_act': {
        const m = this.take((x) => x.t === 'act' && (x.a as { do: string }).do === s.kind && (s.subset === undefined || subsetMismatches(x.a, s.subset).length === 0));
        return m ? null : `no accepted ${s.kind}${s.subset ? ' ' + JSON.stringify(s.subset) : ''}; got ${this.seen()}`;
      }
      case 'expect_rej': {
        // Engine refusals come as rej lines; table refusals show in the UI report (err).
        const m = this.take((x) => (x.t === 'rej' && x.code === s.code) || (x.t === 'ui' && (x as { err?: string }).err === s.code));
        if (m) return null;
        // The same refusal again brings no new ui line (the board reports its UI when it changes,
        // and a press it takes clears the refusal): a press it echoed while the UI still shows it is it.
        if (this.model.ui && this.model.ui.err === s.code && this.take((x) => x.t === 'btn')) return null;
        return `no refusal ${s.code}; got ${this.seen()}`;
      }
      case 'expect_state':
      case 'expect_ui': {
        const root = s.op === 'expect_state' ? this.view() : (this.model.ui as unknown as Record<string, unknown>);
        if (!root) return s.op === 'expect_state' ? 'no game mirrored' : 'no table UI reported';
        const bad: string[] = [];
        for (const [path, want] of s.pairs) for (const m of subsetMismatches(get(root, path), want, path)) bad.push(m);
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
   * A set-up command's answer: null when the board took it, its refusal as the problem. A slow
   * board gets `expectWithinMs` to answer; no answer at all is taken as accepted (the following
   * expectations tell).
   */
  private async outcome(what: string, took: (m: BoardMsg) => boolean, refused: (m: BoardMsg) => boolean): Promise<string | null> {
    const end = Date.now() + (this.target.expectWithinMs || 0);
    for (;;) {
      const no = this.queue.find(refused) as { code: string; msg?: string } | undefined;
      // The code in words too: a set-up the board refuses carries no detail ("bad_setup" alone).
      if (no) return `${what} refused by the board: ${no.code}${no.msg ? ' ' + no.msg : ''} (${describeError({ code: no.code, message: '' })})`;
      if (this.queue.some(took) || Date.now() >= end || (this.target.lost && this.target.lost())) return null;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private async after(): Promise<null> {
    await this.target.settle();
    return null;
  }

  private seen(): string {
    const recent = this.queue.filter((m) => m.t === 'act' || m.t === 'rej').slice(-4);
    return recent.length ? recent.map((m) => (m.t === 'act' ? JSON.stringify(m.a) : `rej ${(m as { code: string }).code}`)).join(', ') : 'nothing';
  }

  /**
   * One step; an expectation on a real-time board is tried again until it holds or the board had
   * `expectWithinMs` to report (a slow board's act can arrive after the script got there).
   */
  private async checked(s: Step): Promise<string | null> {
    let problem = await this.step(s);
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
    for (const s of steps) {
      const problem = await this.checked(s);
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
