/**
 * Drives the firmware through a Pechvogel game with host commands, the same way on any board
 * (the real Espruino interpreter, the simulated board): a mirror of the game follows the board's
 * `act` messages, and the next command comes from legalActions() and a seeded generator, sent
 * either as an engine action (`{c:'act'}`), as a virtual roll, or as the button presses that the
 * table turns into that action (`{c:'btn'}`).
 */
import type { Action } from '../../shared/engine/types';
import { step } from '../../shared/engine/step';
import { setupPechvogel } from '../../shared/games/pechvogel/setup';
import { legalActions } from '../../shared/games/pechvogel/legal-actions';
import type { Face, PvState } from '../../shared/games/pechvogel/types';
import type { BoardMsg, HostCmd, Snapshot } from '../../shared/protocol/messages';
import { encodePacket, parseSnapshot } from '../../shared/protocol/host-codec';
import { BoardLink } from '../../host/src/link/board-link';
import type { SimBoard } from '../../host/src/sim/sim-board';
import type { Reply } from './espruino-process';
import { makeSim, type SimOptions } from './host-harness';

export interface BoardTarget {
  request(cmd: HostCmd | Uint8Array | string): Promise<Reply>;
}

/** The simulated board behind the same request/reply interface as EspruinoProcess. */
export class SimTarget implements BoardTarget {
  readonly msgs: BoardMsg[] = [];
  readonly replies: { ack: boolean; at: number }[] = [];
  readonly noise: string[] = [];
  private link = new BoardLink(() => {});
  constructor(readonly board: SimBoard) {
    this.link.on('msg', (m: BoardMsg) => this.msgs.push(m));
    this.link.on('noise', (l: string) => this.noise.push(l));
    this.link.on('garbage', (l: string) => this.noise.push(l));
    board.on('data', (d: Buffer) => {
      const s = Buffer.from(d).toString('latin1');
      let from = 0;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c === 0x06 || c === 0x15) {
          this.link.receive(s.slice(from, i));
          from = i + 1;
          this.replies.push({ ack: c === 0x06, at: this.msgs.length });
        }
      }
      this.link.receive(s.slice(from));
    });
  }

  /** Synchronous: the simulated board handles a packet before write() returns. */
  requestSync(cmd: HostCmd | Uint8Array | string): Reply {
    const k = this.replies.length;
    const start = this.msgs.length;
    if (typeof cmd === 'string' || cmd instanceof Uint8Array) this.board.write(cmd);
    else this.board.write(encodePacket(cmd));
    if (this.replies.length <= k) throw new Error('simulated board gave no ACK/NAK for ' + JSON.stringify(cmd));
    return { ack: this.replies[k].ack, msgs: this.msgs.slice(start, this.replies[k].at) };
  }

  async request(cmd: HostCmd | Uint8Array | string): Promise<Reply> {
    return this.requestSync(cmd);
  }

  /** Short presses of `buttons`, one after another, as the host's btn commands. */
  press(...buttons: string[]): void {
    for (const b of buttons) this.requestSync({ c: 'btn', b, k: 'press' } as HostCmd);
  }

  /** The board's game and table UI as a `snap` command returns them. */
  snapshot(): NonNullable<ReturnType<typeof joinSnapshot>> {
    return joinSnapshot(this.requestSync({ c: 'snap' }).msgs)!;
  }
}

/** A booted simulated board (fake clock unless `o` says otherwise) and its target, set up with `setup` (each command ACKed). */
export async function bootedSim(setup: HostCmd[], o: SimOptions = {}): Promise<{ board: SimBoard; sim: SimTarget }> {
  const board = await makeSim(Object.assign({ clock: 'fake' }, o));
  const sim = new SimTarget(board);
  board.boot();
  for (const c of setup) if (!sim.requestSync(c).ack) throw new Error('set-up command refused: ' + JSON.stringify(c));
  return { board, sim };
}

/** The board's game as the host sees it: set up like App.newGame, then every `act` applied. */
export class PvMirror {
  state: PvState | null = null;
  acts: { n: number; a: Action; fx?: string[] }[] = [];

  newGame(players: string[], seed: number | undefined, start = 0, cfg: Record<string, unknown> = {}): void {
    const r = setupPechvogel({ players, start, config: cfg, seed });
    if (!r.ok) throw new Error(r.error.message);
    this.state = r.state;
  }

  /** Applies the `act` messages in `msgs`; throws when the board's action does not replay here. */
  follow(msgs: BoardMsg[]): void {
    for (const m of msgs) {
      if (m.t !== 'act') continue;
      if (!this.state) throw new Error('act without a game');
      const a = m.a as unknown as Action;
      const r = step(this.state, a);
      if (!r.ok) throw new Error(`board action ${JSON.stringify(a)} does not replay: ${r.error.code}`);
      if (r.state.n !== m.n) throw new Error(`board says n=${m.n}, mirror has ${r.state.n}`);
      this.state = r.state;
      this.acts.push({ n: m.n, a, fx: m.fx });
    }
  }
}

function padKey(face: Face | number): string {
  return 'K' + (face === 'R' ? 6 : (face as number) - 2);
}

export interface Move {
  /** What legalActions() offered and the generator picked. */
  action: Action;
  /** How it is sent: engine action, virtual roll, or the table's buttons. */
  via: 'act' | 'roll' | 'buttons' | 'roll-button';
  cmds: HostCmd[];
}

/**
 * The next move for state `s`. `mix` allows the other routes besides `{c:'act'}` (virtual rolls
 * need a seeded game). Button routes are only used where the table maps them to exactly that action.
 */
export function nextMove(s: PvState, rand: (n: number) => number, mix = true): Move {
  const options = legalActions(s, rand);
  const a = options[rand(options.length)];
  const act: Move = { action: a, via: 'act', cmds: [{ c: 'act', a }] };
  if (!mix) return act;
  const route = rand(4);
  const idx = (name: unknown) => s.players.findIndex((p) => p.name === name);
  const entering = s.phase === 'await_first_throw' || s.phase === 'await_throw' || s.phase === 'await_reroll';
  if (a.do === 'throw') {
    if (route === 1 && s.rng) return { action: { do: 'roll' }, via: 'roll', cmds: [{ c: 'act', a: { do: 'roll' } }] };
    // OK held = virtual roll; in the reroll window OK would close the window instead.
    if (route === 2 && s.rng && entering) return { action: { do: 'roll' }, via: 'roll-button', cmds: [{ c: 'btn', b: 'OK', k: 'long' }] };
    if (route === 3 && entering) {
      const cmds: HostCmd[] = (a.faces as Face[]).map((f) => ({ c: 'btn', b: padKey(f), k: 'press' }) as HostCmd);
      cmds.push({ c: 'btn', b: 'OK', k: 'press' });
      return { action: a, via: 'buttons', cmds };
    }
    return act;
  }
  if (route < 2) return act;
  const press = (b: string): HostCmd => ({ c: 'btn', b, k: 'press' });
  switch (a.do) {
    case 'choose_target':
      return { action: a, via: 'buttons', cmds: [press(padKey(a.value as number))] };
    case 'pass':
    case 'take_marker':
      return { action: a, via: 'buttons', cmds: [press('OK')] };
    case 'reduce':
      return { action: a, via: 'buttons', cmds: [press('S' + (s.active + 1))] };
    case 'frustrate':
      return { action: a, via: 'buttons', cmds: [...(a.by as string[]).map((n) => press('S' + (idx(n) + 1))), press('OK')] };
    case 'steal':
      return { action: a, via: 'buttons', cmds: [press('S' + (idx(a.from) + 1)), press(padKey(a.return_to_box as number))] };
  }
  return act;
}

/** A snapshot as the tests read it: of a game in play (one without fails where a test reads its state). */
export type GameSnapshot = Snapshot & { st: PvState };

/** Reassembles `snap` chunks (fields i, d, end) into the snapshot object; null while incomplete. */
export function joinSnapshot(msgs: BoardMsg[]): GameSnapshot | null {
  const parts: string[] = [];
  let done = false;
  for (const m of msgs) {
    if (m.t !== 'snap') continue;
    if (m.i === 0) parts.length = 0;
    if (m.i !== parts.length) throw new Error(`snapshot chunk ${m.i} out of order (expected ${parts.length})`);
    parts.push(m.d);
    done = m.end === 1;
  }
  return done ? (parseSnapshot(parts.join('')) as unknown as GameSnapshot) : null;
}

/**
 * Protocol messages without what legitimately differs between two boards playing the same game:
 * the sequence number (timer-driven frames count too), the ui line's time left, LED frames and
 * snapshot chunks (compared on their own: frames by blink phase, snapshots reassembled, as they
 * hold the table's absolute deadlines and a different number of digits moves the chunk boundaries).
 */
export function logicalMessages(msgs: BoardMsg[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const m of msgs) {
    if (m.t === 'leds' || m.t === 'snap') continue;
    const c: Record<string, unknown> = { ...m };
    delete c.s;
    if (c.t === 'ui') delete c.dl;
    out.push(c);
  }
  return out;
}

/** The last LED frame among msgs[0, upto). */
export function lastFrame(msgs: BoardMsg[], upto = msgs.length): string {
  for (let i = upto - 1; i >= 0; i--) {
    const m = msgs[i];
    if (m.t === 'leds') return m.f;
  }
  return '';
}
