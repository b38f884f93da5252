/**
 * The simulated board's console, as Espruino's jsinteractive.c runs it: DLE SOH packets (EVENT
 * fires E.on('packet'), EVAL answers, ACK/NAK), REPL lines with echo and the '>' prompt, a
 * password-locked console, and where the console is (the port, or elsewhere in link mode).
 */
import vm from 'node:vm';
import type { SimClock } from './clock';
import type { EspruinoSandbox } from './espruino-sandbox';

const DLE = 0x10;
const SOH = 0x01;

/**
 * Code typed at the REPL or sent in an EVAL packet is stopped after this long, as Ctrl-C stops it
 * on a board: the simulated board runs in the host's only thread, so while `while(1){}` runs it
 * could read no Ctrl-C (nor its own quit key) and would hang for good.
 */
export const REPL_LIMIT_MS = 5000;

/** What the console needs from the board it runs on. */
export interface ConsoleBoard {
  readonly alive: boolean;
  readonly sandbox: EspruinoSandbox | null;
  /** How long a REPL line or EVAL packet may run. */
  readonly replLimitMs: number;
  /** Bytes the board sends on its serial port. */
  out(s: string): void;
  /** An exception the running code did not catch. */
  fail(e: unknown): void;
  /** An EVENT packet's object to the E.on('packet') handlers; false when there are none. */
  event(o: object): boolean;
  /** After a line, packet or callback: a pending reset() or load(), then the prompt. */
  settle(): void;
  /** A REPL line is about to run (the board tells its listeners). */
  repl(line: string): void;
}

export class SimConsole {
  /** The console is on the serial port (E.setConsole); in link mode it is not. */
  onPort = true;
  /** Forced where it is (USB.setConsole(true), E.setConsole(d, {force: true})): it stays there when a USB host comes or goes. */
  forced = false;
  locked = false;
  password: string | undefined;
  /** REPL state: echo(), the '>' prompt on screen, echo off for this line (DLE), ESC sequences. */
  echoOn = true;
  private promptShown = false;
  private lineNoEcho = false;
  /** While a DLE line runs, output does not erase the prompt (echo is off) but still removes it. */
  private runningNoEcho = false;
  /** Characters of a multi-line input already echoed. */
  private echoed = 0;
  private esc = 0;
  private line = '';
  private inState = 0;
  /** Counts packets so a stale 5-second timeout cannot NAK a later packet. */
  private packetSeq = 0;
  private inLen = 0;
  private inBuf: number[] = [];

  constructor(
    private board: ConsoleBoard,
    private clock: SimClock,
  ) {}

  /** A fresh interpreter: console on the port, unlocked, echo on. */
  reset(): void {
    this.onPort = true;
    this.forced = false;
    this.locked = false;
    this.password = undefined;
    this.echoOn = true;
    this.promptShown = false;
  }

  /** Power cut: a half-typed line and a half-received packet are gone. */
  cut(): void {
    this.line = '';
    this.inState = 0;
  }

  /** Console output (print, errors): erases the prompt first, as Espruino does when idle. */
  print(text: string): void {
    if (!this.onPort) return;
    if (this.promptShown) {
      if (this.echoOn && !this.runningNoEcho) this.board.out('\r\x1b[J');
      this.promptShown = false;
    }
    this.board.out(text);
  }

  /** Shows the '>' prompt with the pending input line again (after output, a line or a callback). */
  showPrompt(): void {
    if (!this.board.alive || !this.onPort || !this.echoOn || this.promptShown || this.locked) return;
    this.board.out('>' + this.line);
    this.promptShown = true;
  }

  /** One byte from the host while the console is on the port. */
  byte(b: number): void {
    const out = (s: string) => this.board.out(s);
    if (this.locked) {
      // A locked console feeds everything to its password prompt: packets do not work (jsinteractive.c).
      if (b === 13 || b === 10) {
        if (this.line === this.password) {
          this.locked = false;
          out('\r\n  Logged in.\r\n');
        } else out('\r\n  Invalid password\r\npassword>');
        this.line = '';
      } else if (this.line.length < 20) this.line += String.fromCharCode(b);
      return;
    }
    if (this.inState === 2) {
      this.inLen = b << 8;
      this.inState = 3;
      return;
    }
    if (this.inState === 3) {
      this.inLen |= b;
      this.inBuf = [];
      // A zero-length packet is handled at once (jsiPacketProcess with an empty body): an EVENT NAKs.
      if ((this.inLen & 0x1fff) === 0) {
        this.inState = 0;
        this.packetSeq++;
        this.packet(this.inLen & 0xe000, '');
        return;
      }
      this.inState = 4;
      // Espruino gives up on a packet still incomplete after 5 s and NAKs it (measured on the Linux build).
      const started = (this.packetSeq = this.packetSeq + 1);
      this.clock.setTimeout(() => {
        if (this.board.alive && this.inState === 4 && this.packetSeq === started) {
          this.inState = 0;
          out('\x15');
        }
      }, 5000);
      return;
    }
    if (this.inState === 4) {
      this.inBuf.push(b);
      if (this.inBuf.length >= (this.inLen & 0x1fff)) {
        this.inState = 0;
        this.packetSeq++;
        this.packet(this.inLen & 0xe000, Buffer.from(this.inBuf).toString('latin1'));
      }
      return;
    }
    if (this.inState === 1 && b === SOH) {
      this.inState = 2;
      return;
    }
    // DLE not followed by SOH: echo off for this line (EspruinoTools prefixes every line with it).
    if (this.inState === 1) this.lineNoEcho = true;
    this.inState = b === DLE ? 1 : 0;
    if (b === DLE) return;
    if (this.esc === 1) {
      // ESC LF (Alt-Enter): a newline inside the line that does not run it; ESC [ starts a sequence.
      this.esc = b === 0x5b ? 2 : 0;
      if (b === 10 || b === 13) this.line += '\n';
      return;
    }
    if (this.esc === 2) {
      // ESC [ <n> d sets the line number; arrows and the rest are ignored.
      if (b >= 0x40 && b <= 0x7e) this.esc = 0;
      return;
    }
    if (b === 0x1b) {
      this.esc = 1;
      return;
    }
    if (b === 3) {
      // Ctrl-C: drops the input line.
      if (this.line) {
        this.line = '';
        this.echoed = 0;
        if (this.promptShown && this.echoOn) out('\r\x1b[J');
        this.promptShown = false;
      }
      this.lineNoEcho = false;
      this.showPrompt();
      return;
    }
    if (b === 8 || b === 127) {
      this.line = this.line.slice(0, -1);
      return;
    }
    if (b === 13 || b === 10) {
      const line = this.line;
      const noEcho = this.lineNoEcho;
      this.line = '';
      this.lineNoEcho = false;
      this.evalLine(line, noEcho);
      return;
    }
    if (b >= 32 || b === 9) this.line += String.fromCharCode(b);
  }

  private packet(type: number, body: string): void {
    const out = (s: string) => this.board.out(s);
    const sandbox = this.board.sandbox;
    if (type === 0x2000 && sandbox) {
      // EVAL: ACK, then a RESPONSE packet (type 0) with the result as JSON, as Espruino answers.
      let text: string;
      try {
        // An empty EVAL is a SyntaxError (Unexpected end of input) on Espruino.
        if (body === '') throw new SyntaxError('Unexpected end of input');
        const r = sandbox.run(body, 'packet', this.board.replLimitMs);
        text = r === undefined ? 'undefined' : JSON.stringify(r);
      } catch {
        out('\x15');
        return;
      }
      out('\x06\x10\x01' + String.fromCharCode((text.length >> 8) & 0x1f, text.length & 0xff) + text);
      return;
    }
    if (type !== 0x4000) {
      out('\x15');
      return;
    }
    if (!sandbox) {
      out('\x15');
      return;
    }
    // Espruino's liberal JSON parser (jswrap_json_parse_liberal), objects of the board's own realm.
    const { value: o, threw } = sandbox.parseLiberal(body);
    // The parser's exception is dropped, but raising it took the prompt off (redrawn after the NAK).
    if (threw) this.print('');
    if (!o || typeof o !== 'object' || Array.isArray(o) || !this.board.event(o)) {
      out('\x15');
      if (threw) this.showPrompt();
      return;
    }
    // ACK after the handler's output, then the prompt comes back (what the Linux build prints).
    out('\x06');
    this.board.settle();
  }

  /**
   * The REPL: runs a line in the board's global context. Echo and `=result` unless the line
   * came with DLE or echo(0) is on; an unfinished statement waits for more lines.
   */
  private evalLine(line: string, noEcho: boolean): void {
    this.board.repl(line);
    const echo = this.echoOn && !noEcho;
    if (echo) this.board.out(line.slice(this.echoed).replace(/\n/g, '\r\n:') + '\r\n');
    this.echoed = 0;
    // A shown line is gone once it runs; a DLE line leaves the prompt until something prints.
    if (!noEcho) this.promptShown = false;
    const sandbox = this.board.sandbox;
    if (!line.trim() || !sandbox) {
      this.showPrompt();
      return;
    }
    let script: vm.Script;
    try {
      script = new vm.Script(line, { filename: 'repl' });
    } catch (e) {
      if (e instanceof Error && /Unexpected end of input|Unterminated template/.test(e.message)) {
        // Open brackets: keep collecting, like Espruino's multi-line input.
        this.line = line + '\n';
        this.echoed = this.line.length;
        this.lineNoEcho = noEcho;
        if (echo) this.board.out(':');
        return;
      }
      this.runLine(() => this.board.fail(e), noEcho);
      return;
    }
    let result: unknown;
    let ok = true;
    this.runLine(() => {
      try {
        result = script.runInContext(sandbox.context, { timeout: this.board.replLimitMs });
      } catch (e) {
        ok = false;
        if (isTimeout(e)) this.print('Execution Interrupted\r\n');
        else this.board.fail(e);
      }
      if (ok && echo && this.board.alive) this.print('=' + replValue(result) + '\r\n');
    }, noEcho);
  }

  private runLine(fn: () => void, noEcho: boolean): void {
    this.runningNoEcho = noEcho;
    try {
      fn();
    } finally {
      this.runningNoEcho = false;
    }
    this.board.settle();
  }
}

function isTimeout(e: unknown): boolean {
  return !!e && typeof e === 'object' && (e as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
}

/** How the REPL prints a result after `=` (close to Espruino's: strings quoted, objects as JSON). */
function replValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'function') return 'function () { [code] }';
  if (v && typeof v === 'object') {
    try {
      return JSON.stringify(v);
    } catch {
      return '{ }';
    }
  }
  return String(v);
}
