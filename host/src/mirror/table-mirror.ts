/**
 * One mirrored table: a board stream, the protocol link, the handshake and the mirror model.
 * It keeps going through unplug/replug, board resets and sequence gaps (reconnect, hello,
 * snapshot) and reports every step as a note, so the terminal, --json and the page can say so.
 */
import { gameEndText } from './game-end-text';
import { EventEmitter } from 'node:events';
import { BoardLink } from '../link/board-link';
import type { BoardStream } from '../link/open-board';
import { MirrorModel, type Hello, type MirrorEvent } from './mirror-model';
import { PROTOCOL_VERSION, type BoardMsg } from '../../../shared/protocol/messages';
import type { HostError } from '../errors';
import { HELLO_WAIT_MS, noAnswerError, protocolMismatchError } from '../link/hello-errors';
import { actionText } from '../view/action-text';
import { restartNote, restartText, tableRefusal } from '../view/table-text';
import type { PvState } from '../../../shared/games/pechvogel/types';
import { errorText } from '../../../shared/engine/error-text';
import { hostNow } from '../host-clock';
import { durationText } from '../duration-text';
import { flashingNote } from './flashing-note';

/**
 * `flashing`: staff gave the board's console to the port (staff menu, K4 held); a restart ends it.
 * `waiting`: --wait, and the board's port could not be opened yet (never reached: not `lost`).
 */
/** `incomplete`: the board answers but its set-up module (dt.rare) is missing or from another flash (`no_rare`): it cannot play until flashed. */
export type TableStatus = 'connecting' | 'waiting' | 'handshake' | 'live' | 'lost' | 'silent' | 'mismatch' | 'incomplete' | 'flashing' | 'stopped';

/** One line of the mirror's story: `ev` names it, `text` says it in words. */
export interface TableNote {
  ev: string;
  text: string;
  [k: string]: unknown;
}

/**
 * A port that opened but whose board has not said hello for this long is called silent (the
 * screens say the board does not answer), also while --wait waits for it without end: there it
 * said "Connecting to the board…" for good over a hung board.
 */
const SILENT_AFTER_MS = 5000;

/** The "still unreachable" notes come at most this many stillTryingMs apart (10 min at the default). */
const TRYING_MOST_APART = 20;

export interface TableMirrorOptions {
  /** First connection: how long to wait for the board's hello before giving up (Infinity: --wait). */
  helloTimeoutMs?: number;
  /** Hello is repeated this often until the board answers. */
  helloRetryMs?: number;
  /**
   * A live board that sends nothing for this long, although asked, is taken as lost and its port
   * opened again (default 6000 ms). After a third of it without a line the mirror asks for the
   * current frame (`leds`, frames on again with ledsLink), which a working board answers at once.
   */
  silenceMs?: number;
  /**
   * Turn the board's LED frames on at hello (default true: the screens show them). Off for a
   * one-off hello (flash's check): the board would send every frame to nobody until it restarts.
   */
  ledsLink?: boolean;
  /**
   * A lost board: after this long (default 30 s) a note says it is still being tried, then again
   * at twice the time since the loss each time (1 min, 2 min, 4 min …), at most 20 times this
   * apart (10 min): whoever looks at the terminal of an unattended screen sees the mirror has not
   * given up, and the lines do not flood it over a night. Likewise, from the first failed open,
   * for a board --wait has never reached ("still waiting"). Infinity: no such notes.
   */
  stillTryingMs?: number;
  now?: () => number;
}

export class TableMirror extends EventEmitter {
  readonly model: MirrorModel;
  readonly link: BoardLink;
  status: TableStatus = 'connecting';
  /** Sequence number of the last message from the board, and when it came (host ms). */
  seq = 0;
  lastMsgAt = 0;
  /** The last few notes, newest last (for screens). */
  recent: { at: number; text: string }[] = [];
  private hello: Hello | null = null;
  private everLive = false;
  /** The --wait note was given (once, before the first connection). */
  private waitSaid = false;
  private helloTimer: NodeJS.Timeout | null = null;
  private helloSince = 0;
  private firstWait: { ok: (h: Hello) => void; fail: (e: HostError) => void } | null = null;
  private now: () => number;
  private helloTimeoutMs: number;
  private helloRetryMs: number;
  private silenceMs: number;
  private ledsLink: boolean;
  private liveTimer: NodeJS.Timeout | null = null;
  /**
   * When the live tick is due, and since when the board's quiet counts after a tick that ran a
   * third of the silence late or more: then the mirror itself stood still (a stopped or starved
   * process, a long task on its event loop), and what the board sent meanwhile is still unread,
   * not missing. (A computer asleep does not count: the host clock stands still with it.)
   */
  private liveDue = 0;
  private stallEnd = 0;
  /** The last LED frame passed on: a frame sent again (asked for by the liveness probe) is not news. */
  private lastLeds = '';
  private stillTryingMs: number;
  /** When the board was lost or the wait for it began (host ms), why it cannot be reached now, and the next "still trying" note. */
  private lostAt = 0;
  private lostWhy = '';
  private tryingTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly label: string,
    readonly stream: BoardStream,
    opts: TableMirrorOptions = {},
  ) {
    super();
    this.now = opts.now || hostNow;
    this.helloTimeoutMs = opts.helloTimeoutMs ?? HELLO_WAIT_MS;
    this.helloRetryMs = opts.helloRetryMs ?? 1000;
    this.silenceMs = opts.silenceMs ?? 6000;
    this.ledsLink = opts.ledsLink !== false;
    this.stillTryingMs = opts.stillTryingMs ?? 30_000;
    this.link = BoardLink.over(stream);
    // While flashing, whatever the mirror sends lands in the board's password prompt.
    this.model = new MirrorModel(() => this.status !== 'flashing' && this.link.send({ c: 'snap' }), this.now);
    this.model.on('event', (e: MirrorEvent) => this.onModelEvent(e));
    this.model.on('change', () => this.emit('change'));
    this.link.on('msg', (m: BoardMsg) => this.onMsg(m));
    this.link.on('garbage', (line: string, reason: string) => this.note({ ev: 'garbage', reason, text: `ignored a garbled line (${reason}): ${JSON.stringify(line.slice(0, 60))}` }));
    stream.on('open', () => this.onOpen());
    stream.on('close', (reason: string) => this.onClose(reason));
    stream.on('retry', (reason: string) => {
      // Only --wait gets here before the first connection: the board is awaited, not lost (the
      // page said "Connection to the board lost" of a board it had never seen). Said once.
      if (!this.everLive) {
        this.lostWhy = reason;
        if (!this.waitSaid) this.note({ ev: 'waiting', reason, text: `waiting for ${stream.spec.name} (${reason})` });
        this.waitSaid = true;
        // The screens say what to check (a wall page said "Connecting to the board…" for ever).
        if (this.status !== 'connecting') return;
        this.setStatus('waiting');
        // And it is said again now and then, as for a lost board: a café owner starting the mirror
        // before plugging the board in saw nothing more, and could not tell it was still looking.
        this.lostAt = this.now();
        this.planTrying(this.stillTryingMs);
        return;
      }
      this.lostWhy = reason;
      if (this.status === 'lost') return;
      this.setStatus('lost');
    });
  }

  /** Resolves on the first good hello; rejects (EXIT.protocol) on a mismatch or silence. */
  start(): Promise<Hello> {
    const p = new Promise<Hello>((ok, fail) => (this.firstWait = { ok, fail }));
    if (this.stream.isOpen) this.onOpen();
    return p;
  }

  stop(): void {
    this.clearHello();
    this.clearLive();
    this.clearTrying();
    this.setStatus('stopped');
    this.stream.close();
  }

  private setStatus(s: TableStatus): void {
    if (this.status === s) return;
    this.status = s;
    this.emit('change');
  }

  private note(n: TableNote): void {
    this.recent.push({ at: this.now(), text: n.text });
    if (this.recent.length > 8) this.recent.shift();
    this.emit('note', n);
  }

  private clearHello(): void {
    if (this.helloTimer) clearInterval(this.helloTimer);
    this.helloTimer = null;
  }

  private clearTrying(): void {
    if (this.tryingTimer) clearTimeout(this.tryingTimer);
    this.tryingTimer = null;
  }

  /**
   * The next "still unreachable" note, `dueMs` after the loss (see stillTryingMs); before the first
   * connection (--wait) the next "still waiting" note, `dueMs` after the wait began.
   */
  private planTrying(dueMs: number): void {
    this.clearTrying();
    if (!(dueMs < Infinity)) return;
    this.tryingTimer = setTimeout(() => {
      this.tryingTimer = null;
      const name = this.stream.spec.name;
      const after = durationText(dueMs);
      if (this.status === 'lost') this.note({ ev: 'unreachable', downMs: dueMs, reason: this.lostWhy, text: `board ${name} still unreachable after ${after} (${this.lostWhy}); retrying` });
      else if (this.status === 'waiting') this.note({ ev: 'still_waiting', waitedMs: dueMs, reason: this.lostWhy, text: `still waiting for ${name} after ${after}, never reached yet (${this.lostWhy}); retrying` });
      else return;
      this.planTrying(Math.min(dueMs * 2, dueMs + TRYING_MOST_APART * this.stillTryingMs));
    }, Math.max(0, this.lostAt + dueMs - this.now()));
  }

  private clearLive(): void {
    if (this.liveTimer) clearTimeout(this.liveTimer);
    this.liveTimer = null;
  }

  /**
   * While live: a board can hang, or its port can vanish without the OS saying so (a hang-up that
   * never reaches the poller), and the mirror would show a stale game for good. So a quiet board
   * is asked for its frame (a third and two thirds of the silence after its last message), and one
   * that stays quiet is dropped and reopened like a pulled cable, at the silence given (--silence).
   */
  private liveTick(): void {
    this.liveTimer = null;
    if (this.status !== 'live') return;
    this.model.retry();
    const third = this.silenceMs / 3;
    const now = this.now();
    // Late by a third or more: judged as a third of quiet (asked now, a third later again), not dropped.
    if (now - this.liveDue >= third) this.stallEnd = now - third;
    const quiet = now - Math.max(this.lastMsgAt, this.stallEnd);
    if (quiet >= this.silenceMs) {
      this.note({ ev: 'silent', quietMs: quiet, text: `${this.stream.spec.name} sent nothing for ${Math.round(quiet / 1000)} s although asked` });
      this.stream.reconnect(`no answer for ${Math.round(quiet / 1000)} s`);
      return;
    }
    // With `on`: something else on the line (another program on a shared pty, a stranger's
    // packet) may have turned the frames off, and the screens' LED board would lag by a third.
    if (quiet >= third) this.link.send(this.ledsLink ? { c: 'leds', on: true } : { c: 'leds' });
    // The next third since the last message: a fixed interval dropped a board up to a third late.
    this.liveAfter(Math.max(1, Math.ceil(third - (quiet % third))));
  }

  private liveAfter(ms: number): void {
    this.liveDue = this.now() + ms;
    this.liveTimer = setTimeout(() => this.liveTick(), ms);
  }

  private onOpen(): void {
    this.clearTrying();
    this.link.reset();
    this.setStatus('handshake');
    this.note({ ev: 'connected', text: this.everLive ? `reconnected to ${this.stream.spec.name}; saying hello` : `connected to ${this.stream.spec.name}` });
    this.helloSince = this.now();
    this.link.send({ c: 'hello' });
    this.clearHello();
    this.helloTimer = setInterval(() => this.helloTick(), this.helloRetryMs);
  }

  private helloTick(): void {
    if (this.status !== 'handshake' && this.status !== 'silent') return this.clearHello();
    const waited = this.now() - this.helloSince;
    if (this.firstWait && waited >= this.helloTimeoutMs) {
      this.clearHello();
      const w = this.firstWait;
      this.firstWait = null;
      w.fail(noAnswerError(this.stream.spec.name, Math.round(waited / 1000)));
      return;
    }
    if (this.status === 'handshake' && waited >= Math.min(this.helloTimeoutMs, SILENT_AFTER_MS)) {
      this.setStatus('silent');
      this.note({ ev: 'silent', text: `${this.stream.spec.name} is connected but does not answer; still asking` });
    }
    this.link.send({ c: 'hello' });
  }

  private onClose(reason: string): void {
    this.clearHello();
    this.clearLive();
    this.model.synced = false;
    this.setStatus('lost');
    this.note({ ev: 'lost', reason, text: `lost ${this.stream.spec.name} (${reason}); reconnecting` });
    this.lostAt = this.now();
    this.lostWhy = reason;
    this.planTrying(this.stillTryingMs);
  }

  private onMsg(m: BoardMsg): void {
    this.seq = m.s;
    this.lastMsgAt = this.now();
    if (m.t === 'hello') return this.onHello(m);
    // Until a good hello, messages from a board we cannot read are not mirrored.
    if (this.status === 'mismatch' || !this.hello) return;
    this.model.handle(m);
    if (m.t === 'ui' && m.m === 'flash') return this.onFlashing();
    // Every field of the board's ui line as it sent them (c correcting, vic the steal victim, w and br in
    // the staff menu, and any a newer firmware adds within the protocol version), but its line type.
    if (m.t === 'ui') {
      const note: Record<string, unknown> = { ev: 'ui', text: '' };
      for (const k of Object.keys(m)) if (k !== 't' && !(k in note)) note[k] = (m as Record<string, unknown>)[k];
      this.emit('note', note as unknown as TableNote);
    }
    else if (m.t === 'leds' && m.f !== this.lastLeds) {
      this.lastLeds = m.f;
      this.emit('note', { ev: 'leds', text: '', f: m.f, s: m.s } as TableNote);
    }
  }

  /**
   * Staff held K4 in the staff menu: the board's console is on the port, locked, until the board
   * restarts or 5 minutes pass without a flash. The mirror asks nothing more (no probes, no silence drops) and listens: the board
   * still prints its lines there, and its hello after a restart or a flash makes it live again.
   */
  private onFlashing(): void {
    this.clearLive();
    this.setStatus('flashing');
    const port = this.stream.spec.name;
    this.note({
      ev: 'flashing',
      text: flashingNote(port),
    });
  }

  private onHello(m: Extract<BoardMsg, { t: 'hello' }>): void {
    const prev = this.hello;
    const h: Hello = { v: m.v, fw: m.fw, bh: m.bh, game: m.game, board: m.board, boot: m.boot };
    this.hello = h;
    this.clearHello();
    if (m.v !== PROTOCOL_VERSION) {
      this.setStatus('mismatch');
      this.note({ ev: 'mismatch', v: m.v, expected: PROTOCOL_VERSION, fw: m.fw, text: `${this.stream.spec.name} speaks protocol v${m.v}, this host v${PROTOCOL_VERSION} (firmware ${m.fw}); not mirroring` });
      if (this.firstWait) {
        const w = this.firstWait;
        this.firstWait = null;
        w.fail(protocolMismatchError(this.stream.spec.name, m));
      }
      return;
    }
    const restarted = prev && prev.boot !== h.boot;
    this.note({
      ev: 'hello',
      fw: h.fw,
      bh: h.bh,
      board: h.board,
      // The same as `board`, under the name config's and flash's results give the hardware.
      hw: h.board,
      boot: h.boot,
      // The board restarted while mirrored (a power cut, the watchdog): screens say so for a while.
      restarted: !!restarted,
      // In the page's words: staff at a terminal saw only "asking for a snapshot", not what was kept.
      // The model still holds the state and ui line from before the restart (it reads this hello below).
      text: restarted ? restartText(restartNote(this.model.state as PvState | null, this.model.ui)) : `board says hello: firmware ${h.fw}, bundle ${h.bh}, ${h.board}, boot ${h.boot}`,
    });
    this.everLive = true;
    this.setStatus('live');
    this.lastLeds = '';
    this.clearLive();
    if (this.silenceMs < Infinity) this.liveAfter(this.silenceMs / 3);
    // Sequence numbers restart with every hello; the model resyncs from a snapshot.
    this.model.handle(m);
    if (this.ledsLink) this.link.send({ c: 'leds', on: true });
    if (this.firstWait) {
      const w = this.firstWait;
      this.firstWait = null;
      w.ok(h);
    }
  }

  /** Notes from board messages carry the message's sequence number `s`. */
  private onModelEvent(e: MirrorEvent): void {
    switch (e.kind) {
      case 'resync':
        return this.note({ ev: 'resync', reason: e.reason, text: `${e.reason}; reading the game from the board again` });
      case 'synced': {
        const s = this.model.state;
        const u = e.unseen;
        const missed = !u ? '' : u.from === 0 ? '; joined this game at that action (the ones before it were not mirrored)' : u.from === u.to ? `; action ${u.to} happened while this mirror could not see the board` : `; actions ${u.from}–${u.to} happened while this mirror could not see the board`;
        return this.note({ ev: 'synced', n: s ? s.n : null, phase: s ? s.phase : null, seamless: e.seamless, ...(u ? { unseen: u } : {}), text: s ? `in sync: action ${s.n}, ${s.phase}${missed}` : 'in sync: no game on the board' });
      }
      case 'action': {
        // In words once, for every screen (the page's last-event line, the terminals' notes).
        const said = actionText(e.action, e.before, e.state);
        return this.note({ ev: 'action', s: this.seq, n: e.state.n, a: e.action, phase: e.state.phase, line: e.line, said, text: `#${e.state.n} ${said}` });
      }
      case 'refused':
        return this.note({ ev: 'refused', s: this.seq, action: e.action, code: e.code, text: `board refused ${e.action}: ${errorText(e.code, '')} (${e.code})` });
      case 'table_refused': {
        const m = this.model;
        return this.note({ ev: 'table_refused', s: this.seq, code: e.code, seat: e.seat, text: `table refused a press: ${tableRefusal(e.code, m.state as PvState | null, m.ui, m.setup)} (${e.code})` });
      }
      case 'button':
        return this.note({ ev: 'button', s: this.seq, button: e.button, press: e.press, text: `button ${e.button} (${e.press})` });
      case 'board_error':
        // Until a flash brings dt.rare back (its hello makes the table live again).
        if (e.code === 'no_rare') {
          this.clearLive();
          this.setStatus('incomplete');
        }
        return this.note({ ev: 'board_error', s: this.seq, code: e.code, msg: e.msg, text: `board error: ${errorText(e.code, e.msg)} (${e.code}${e.msg ? ': ' + e.msg : ''})` });
      case 'new_game':
        return this.note({ ev: 'new_game', ...(e.why ? { why: e.why } : {}), text: e.cleared ? gameEndText(e.why) : 'new game on the board' });
      default:
        return;
    }
  }
}
