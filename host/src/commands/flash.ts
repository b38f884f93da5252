/**
 * `dicetray flash`: builds the firmware bundle if needed, writes it into the board's Storage as
 * .bootcde with EspruinoTools (so it runs at every power-up), optionally sets the kiosk lock,
 * then verifies: reconnects and reads the firmware version and bundle hash from the board's
 * hello. Anything short of a verified board is a failure with EXIT.flash and the reason.
 */
import { ensureBundle, type Bundle } from '../firmware-bundle';
import { buildFailure } from './build';
import { DEFAULT_BOARD } from '../../../firmware/build/paths';
import { wholeOption } from './whole-option';
import { openBoard, parseBoardSpec, type BoardSpec, type BoardStream } from '../link/open-board';
import { findOneBoard } from '../link/find-boards';
import { bridgeToTcp, type Bridge } from '../link/tcp-bridge';
import { directUrl, uploadToStorage } from '../espruino-tools';
import { TableMirror } from '../mirror/table-mirror';
import { PROTOCOL_VERSION } from '../../../shared/protocol/messages';
import { BOARDS, UNSUPPORTED_BOARDS, type BoardFacts } from '../../../hardware/pinmap';

/** The Espruino release the firmware is made and tested for (ESPRUINO.md). */
export const TESTED_ESPRUINO = '2v29';

/** True for a version string older than TESTED_ESPRUINO ("2v25", "2v28.104"); unknown ones are not. */
export function olderThanTested(v: string | undefined): boolean {
  const m = /^(\d+)v(\d+)/.exec(v || '');
  const t = /^(\d+)v(\d+)/.exec(TESTED_ESPRUINO)!;
  if (!m) return false;
  return Number(m[1]) < Number(t[1]) || (Number(m[1]) === Number(t[1]) && Number(m[2]) < Number(t[2]));
}
import { EXIT, HostError } from '../errors';
import type { Output } from '../output';

export interface FlashOptions {
  port?: string;
  /** Build for this board (pico, wifi, original, mdbt42q). */
  board?: string;
  /** Kiosk: console off the data port and locked with this password. */
  kioskPassword?: string;
  /** Log in first: the board's console is locked with this password (a kiosk board in flashing mode). */
  unlock?: string;
  /** false (`--no-kiosk`): remove the kiosk profile; otherwise --unlock keeps it with its password. */
  kiosk?: boolean;
  json?: boolean;
  verbose?: boolean;
  /** Seconds to wait for the board's hello after the upload. */
  verifyTimeout?: string;
}

/**
 * The kiosk profile lives in Storage as dt.kiosk (firmware/src/main.ts): a password makes the
 * firmware move its console off the data port and lock it. Flashing without a password
 * removes the profile.
 */
function kioskStatement(password: string | undefined): string {
  // A leftover .bootrst would boot instead of .bootcde (ESPRUINO.md §4, boot order).
  const S = 'var S=require("Storage");S.erase(".bootrst");';
  if (password === undefined) return S + 'S.erase("dt.kiosk");';
  return S + `S.writeJSON("dt.kiosk",{pw:${JSON.stringify(password)}});`;
}

/**
 * A line of EspruinoTools' log (--verbose) or of the board's output without the passwords: the
 * kiosk statement goes to the board as code, and the log showed it ("serial: ---> …{pw:"…"}"), in
 * its JSON text once or twice over. Staff are told to run again with --verbose and send the output.
 */
export function redactPasswords(line: string, passwords: (string | undefined)[]): string {
  const forms: string[] = [];
  for (const pw of passwords) {
    if (!pw) continue;
    const once = JSON.stringify(pw).slice(1, -1);
    forms.push(pw, once, JSON.stringify(once).slice(1, -1));
  }
  // The longest first: a shorter form inside a longer one would leave the rest of it.
  for (const f of forms.sort((a, b) => b.length - a.length)) line = line.split(f).join('***');
  return line;
}

/**
 * Espruino's password prompt keeps at most 19 characters and sees bytes, not text. A new password
 * has at least 8: in K4's flashing mode the prompt is on the port and takes guesses as fast as they
 * are typed. One kept from --unlock is the board's own, as long as it is.
 */
function checkPassword(pw: string, fresh: boolean): void {
  const min = fresh ? 8 : 1;
  if (pw.length < min || pw.length > 19 || !/^[\x21-\x7e]*$/.test(pw)) throw new HostError(`the kiosk password must be ${min} to 19 printable ASCII characters without spaces`, EXIT.usage, 'e.g. --kiosk-password dice-tray-42');
}

async function bundleFor(board: string): Promise<Bundle> {
  try {
    // An unknown board or a pin map conflict is reported as `dicetray build` reports it (exit 7).
    return await ensureBundle(board);
  } catch (e) {
    throw buildFailure(board, e);
  }
}

/**
 * A build's pins are one board's: a Pico build on a WiFi board puts buttons on its WiFi module's
 * serial pins, and it would still boot and verify. Refused before anything is written. Espruino's
 * Linux build (no pins: buttons come as host commands) takes any build; so does a board that
 * does not say what it is.
 */
export function wrongBoard(reported: unknown, built: string, port: string): HostError | null {
  const want = (BOARDS as Record<string, BoardFacts>)[built];
  if (typeof reported !== 'string' || !reported || reported === 'LINUX' || !want || reported === want.espruinoBoard) return null;
  const all: BoardFacts[] = Object.values(BOARDS as Record<string, BoardFacts>).concat(Object.values(UNSUPPORTED_BOARDS as Record<string, BoardFacts>));
  const other = all.find((b) => b.espruinoBoard === reported);
  const supported = other && Object.prototype.hasOwnProperty.call(BOARDS, other.id);
  return new HostError(
    `${port} runs Espruino for ${other ? other.name + ' (' + reported + ')' : reported + ', a board this firmware has no pin map for'}; this build is for ${want.name} (${want.espruinoBoard}): nothing written`,
    EXIT.flash,
    supported ? `flash it with --board ${other!.id} (wiring: hardware/WIRING.md)` : `the boards this firmware is made for: ${Object.keys(BOARDS).join(', ')} (hardware/README.md)`,
  );
}

/**
 * Types the password at a locked console (Espruino's `password>` prompt). A board whose console
 * is not locked takes it as a REPL line and nothing happens; a wrong password is an error, and so
 * is silence: a kiosk board not put into flashing mode has no console on its port, and only its
 * packets (or nothing) come back, where an open REPL at least echoes the line.
 */
async function logIn(stream: BoardStream, password: string, name: string): Promise<boolean> {
  // `seen` is emptied when the password is typed (its answer is read alone); `allSeen` keeps
  // everything, to tell a console that answered something from one that is not on the port.
  let seen = '';
  let allSeen = '';
  const onData = (d: Buffer) => {
    seen += d.toString('latin1');
    allSeen += d.toString('latin1');
  };
  stream.on('data', onData);
  const wait = async (re: RegExp, tries: number) => {
    for (let i = 0; i < tries && !re.test(seen); i++) await new Promise((r) => setTimeout(r, 50));
  };
  try {
    // The prompt's line may hold junk already (a mirror's packets, up to 20 characters): a return
    // empties it, answered by "Invalid password" and the prompt again.
    stream.write(Buffer.from('\r', 'latin1'));
    await wait(/password>/, 10);
    seen = '';
    stream.write(Buffer.from(password + '\r', 'latin1'));
    await wait(/Logged in|Invalid password/, 30);
  } finally {
    stream.off('data', onData);
  }
  if (/Invalid password/.test(seen)) throw new HostError(`the console of ${name} did not take the password given with --unlock`, EXIT.flash, 'use the kiosk password set at the last flash (forgotten: README.md, Kiosk, staff sheet, "Forgotten password")');
  if (/Logged in/.test(seen)) return true;
  // The firmware's own lines (DT:…) and its ACK/NAK bytes are not a console's answer.
  const consoleText = allSeen.replace(/^DT:.*$/gm, '').replace(/[\s\x06\x15]/g, '');
  if (!consoleText) {
    throw new HostError(
      `no console answered on ${name}: a kiosk board keeps it off its port until staff open it for flashing (nothing written)`,
      EXIT.flash,
      'on the board hold OK+BACK for 3 s, then hold K4 (console for flashing; the mirror must be stopped), then run this again',
    );
  }
  return false;
}

/**
 * Opens the port again after the upload, trying until `ms` have passed: the upload's own
 * connection can hold the port's lock a moment longer ("in use by another program"), and a board
 * that resets after flashing leaves its port for a moment.
 */
async function reopen(spec: BoardSpec, ms: number): Promise<BoardStream> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await openBoard(spec, { failFast: true });
    } catch (e) {
      if (Date.now() >= end) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Reconnects (or, for the simulated board, uses its stream) and waits for the board's hello. */
async function readHello(spec: BoardSpec, existing: BoardStream | null, timeoutMs: number) {
  const stream = existing || (await reopen(spec, timeoutMs));
  const t = new TableMirror('flash', stream, { helloTimeoutMs: timeoutMs, ledsLink: false });
  try {
    return await t.start();
  } finally {
    t.stop();
  }
}

/**
 * The kiosk password the flashed board gets: --kiosk-password, else the --unlock one (a kiosk
 * board re-flashed from its staff menu stays a kiosk: the staff sheet's re-flash dropped the
 * profile without a word), none with --no-kiosk.
 */
function kioskPasswordOf(opts: FlashOptions): string | undefined {
  if (opts.kiosk === false && opts.kioskPassword !== undefined) throw new HostError('--no-kiosk and --kiosk-password contradict each other', EXIT.usage, 'give one of them');
  if (opts.kiosk === false && opts.unlock === undefined) throw new HostError('--no-kiosk goes with --unlock PW (a kiosk board being re-flashed without its profile)', EXIT.usage, 'a board that is no kiosk needs neither: a plain dicetray flash leaves it without a kiosk profile');
  if (opts.kioskPassword !== undefined) return opts.kioskPassword;
  return opts.kiosk === false ? undefined : opts.unlock;
}

export async function flash(flags: FlashOptions, io: Output): Promise<number> {
  const opts = Object.assign({}, flags, { kioskPassword: kioskPasswordOf(flags) });
  if (opts.kioskPassword !== undefined) checkPassword(opts.kioskPassword, flags.kioskPassword !== undefined);
  // Whole seconds: Number() took 'Infinity' (waiting for ever), 1e3 and 0x10.
  const verifyMs = opts.verifyTimeout !== undefined ? wholeOption('--verify-timeout', opts.verifyTimeout, 1, 3600, 'whole seconds from 1 to 3600, e.g. --verify-timeout 20') * 1000 : 10_000;
  const portArg = !opts.port || opts.port === 'auto' ? await findOneBoard() : opts.port;
  const spec = parseBoardSpec(portArg);
  const say = (ev: string, text: string, extra: Record<string, unknown> = {}) => {
    if (opts.json) io.out(JSON.stringify(Object.assign({ ev }, extra)));
    else io.err(text);
  };
  const t0 = Date.now();

  // The board first: a missing board is reported before any build work.
  let stream: BoardStream | null = await openBoard(spec, { failFast: true });
  let bundle: Bundle;
  try {
    bundle = await bundleFor(opts.board || DEFAULT_BOARD);
  } catch (e) {
    stream.close();
    throw e;
  }
  const { code, manifest, files } = bundle;
  /** --unlock found no locked console: the board was no kiosk, and --unlock does not make it one. */
  let wasOpen = false;
  if (opts.unlock !== undefined) {
    try {
      if (await logIn(stream, opts.unlock, spec.name)) say('unlock', `dicetray: logged in to the locked console of ${spec.name}`);
      else {
        wasOpen = true;
        if (flags.kioskPassword === undefined) opts.kioskPassword = undefined;
        say('unlock', `dicetray: the console of ${spec.name} was not locked: --unlock was not needed, and the board stays without a kiosk profile (--kiosk-password PW makes it a kiosk)`, { locked: false });
      }
    } catch (e) {
      stream.close();
      throw e;
    }
  }
  const extra = Object.keys(files).map((f) => `${f} ${files[f].length} bytes`).join(', ');
  say('bundle', `dicetray: firmware ${manifest.fw} for ${manifest.board}, bundle ${manifest.hash}, ${code.length} bytes${extra ? ' (+ ' + extra + ')' : ''}`, { fw: manifest.fw, board: manifest.board, hash: manifest.hash, bytes: code.length, files: Object.keys(files) });

  // EspruinoTools talks TCP; everything else gets a local bridge for the upload.
  let bridge: Bridge | null = null;
  let url = directUrl(spec);
  if (url) {
    // Only one client at a time on a telnet console: hang up before EspruinoTools connects.
    stream.close();
    stream = null;
  } else {
    try {
      bridge = await bridgeToTcp(stream);
    } catch (e) {
      stream.close();
      throw e;
    }
    url = bridge.url;
  }
  let lastPct = -1;
  let result;
  const hide = (text: string) => redactPasswords(text, [opts.kioskPassword, opts.unlock]);
  try {
    say('upload', `dicetray: connecting to ${spec.name} to write it to Storage (.bootcde)…`, { port: spec.name });
    result = await uploadToStorage({
      port: url,
      name: spec.name,
      code,
      files,
      before: kioskStatement(opts.kioskPassword),
      check: (env) => wrongBoard(env.BOARD, manifest.board, spec.name),
      onProgress: (sent, total) => {
        const pct = Math.floor((100 * sent) / total);
        const step = Math.floor(pct / 10) * 10;
        if (step !== lastPct) {
          lastPct = step;
          say('progress', `dicetray: ${String(step).padStart(3)} % (${sent} of ${total} bytes)`, { sent, total });
        }
      },
      onLog: opts.verbose ? (l) => io.err('espruino: ' + hide(l)) : undefined,
    });
  } catch (e) {
    if (bridge) await bridge.close();
    if (stream) stream.close();
    throw e;
  }
  if (bridge) await bridge.close();
  const env = result.env;
  if (opts.verbose) for (const w of result.warnings) io.err('espruino: ' + hide(w));
  const bad = hide(result.output).split(/\r?\n/).find((l) => l.indexOf('DT:') < 0 && /Uncaught|ERROR:|Storage full|Prompt not detected/.test(l) && !/getURL/.test(l));
  if (bad) {
    if (stream) stream.close();
    throw new HostError(`the board reported an error during the upload: ${bad.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').replace(/[\x00-\x1f]/g, '').replace(/^[>\s]+/, '').trim()}`, EXIT.flash, 'run again with --verbose to see the whole exchange');
  }

  // The bundle is made for what ESPRUINO.md tested (2v29); an older interpreter may lack a built-in
  // it uses. Said, not refused: staff may have no way to update the board right now.
  const old = olderThanTested(typeof env.VERSION === 'string' ? env.VERSION : undefined);
  if (old) say('warning', `dicetray: warning: the board runs Espruino ${env.VERSION}; this firmware is made and tested for ${TESTED_ESPRUINO} or later. If the table misbehaves, update the board's Espruino first (Espruino Web IDE → Settings → Flasher)`, { espruino: env.VERSION });
  // Verify. The simulated board is power-cycled: what it boots now comes from its Storage.
  say('verify', `dicetray: upload done (${env.BOARD || 'board'}, Espruino ${env.VERSION || '?'}); reconnecting to verify…`);
  let hello;
  try {
    if (stream && stream.sim) {
      stream.sim.powerCut();
      stream.sim.boot();
      hello = await readHello(spec, stream, verifyMs);
      stream = null;
    } else {
      if (stream) stream.close();
      stream = null;
      hello = await readHello(spec, null, verifyMs);
    }
  } catch (e) {
    const why = e instanceof HostError ? e.message : String(e);
    throw new HostError(`flash not verified: ${why}`, EXIT.flash, opts.kioskPassword !== undefined ? 'a kiosk board answers only dicetray commands; check the cable and power' : 'run again with --verbose to see what the board printed');
  } finally {
    if (stream) stream.close();
  }
  const problems: string[] = [];
  if (hello.v !== PROTOCOL_VERSION) problems.push(`protocol v${hello.v} (expected v${PROTOCOL_VERSION})`);
  if (hello.fw !== manifest.fw) problems.push(`firmware ${hello.fw} (expected ${manifest.fw})`);
  if (hello.bh !== manifest.hash) problems.push(`bundle ${hello.bh} (expected ${manifest.hash})`);
  if (problems.length) throw new HostError(`flash not verified: the board says ${problems.join(', ')}`, EXIT.flash, 'the upload did not take; flash again with --verbose');
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  let kiosk = '';
  if (flags.kioskPassword !== undefined) kiosk = '; kiosk profile set (console off the data port and locked with the password)';
  else if (opts.kioskPassword !== undefined) kiosk = '; kiosk profile kept (console off the data port, locked with the --unlock password)';
  else if (opts.unlock !== undefined && !wasOpen) kiosk = '; kiosk profile removed (--no-kiosk): its console is on its port, unlocked';
  // `hw` as config's and the mirror's hello say the board's hardware (`board` kept for older readers).
  if (opts.json) io.out(JSON.stringify({ ev: 'done', ok: true, port: spec.name, fw: hello.fw, bh: hello.bh, board: hello.board, hw: hello.board, boot: hello.boot, espruino: env.VERSION || null, kiosk: opts.kioskPassword !== undefined, seconds: Number(secs) }));
  else io.out(`flashed and verified ${spec.name}: firmware ${hello.fw}, bundle ${hello.bh}, ${hello.board} (${secs} s)${kiosk}`);
  return EXIT.ok;
}
