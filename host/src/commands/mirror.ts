/**
 * `dicetray mirror`: opens one or more boards, does the handshake and keeps a live copy of each
 * game. Shows it in the terminal (LED board + game), or prints one JSON event per line
 * (--json), serves the big-screen page (--web), and writes the action logs (and --csv throws).
 * Keeps going through unplug/replug, board resets and sequence gaps, and says so.
 */
import { resolve } from 'node:path';
import { autoSpec, openBoard, parseBoardSpec, type BoardStream } from '../link/open-board';
import { findOneBoard } from '../link/find-boards';
import { boardIdentity } from '../link/board-identity';
import { TableMirror, type TableNote } from '../mirror/table-mirror';
import { HELLO_WAIT_MS } from '../link/hello-errors';
import { ActionLogWriter } from '../mirror/action-log-writer';
import { startWebServer, type WebServer } from '../web/server';
import { describeGame, downLine, drawBoard, tableHeader } from '../view/terminal-view';
import { colourWanted } from '../view/colour-wanted';
import { RefusalClock } from '../view/refusal-clock';
import { fitScreen } from '../view/fit-screen';
import { mirrorScreenParts } from '../view/mirror-screen';
import { GEOMETRY } from '../../../hardware/led-board';
import { checkLabels, checkWebOptions } from './mirror-options';
import { wholeOption } from './whole-option';
import { DEFAULT_LOG_DIR, DEFAULT_WEB_PORT } from '../defaults';
import { EXIT, HostError } from '../errors';
import type { Output } from '../output';
import { hostNow } from '../host-clock';

export interface MirrorOptions {
  /** Boards, each `[LABEL=]PORT`. */
  port?: string[];
  json?: boolean;
  /** true = default port; a string = that port. */
  web?: boolean | string;
  host?: string;
  /** Action log directory; false = --no-log. */
  log?: string | false;
  csv?: string;
  decimalComma?: boolean;
  /** Keep trying when a board is missing or silent at start. */
  wait?: boolean;
  /** Seconds without a button press before the page shows the attract screen. */
  attract?: string;
  /** Seconds a live board may stay silent, although asked, before its port is opened again. */
  silence?: string;
  /** Classroom mode: the exact odds of the turn under the prompt, in the terminal and on the page. */
  odds?: boolean;
}

/** `LABEL=PORT` or `PORT`. */
function splitLabel(arg: string, i: number): { label: string; port: string } {
  const eq = arg.indexOf('=');
  if (eq > 0 && !arg.startsWith('tcp://') && !arg.startsWith('/')) return { label: arg.slice(0, eq), port: arg.slice(eq + 1) };
  return { label: `table ${i + 1}`, port: arg };
}

interface MirrorRun {
  tables: TableMirror[];
  web: WebServer | null;
  logs: ActionLogWriter | null;
  stop(): Promise<void>;
}

/** Opens the boards, the logs and the page, and starts mirroring; mirror() adds the screen or the JSON lines. */
async function startMirror(opts: MirrorOptions, emit: (table: TableMirror, n: TableNote) => void): Promise<MirrorRun> {
  const silence = opts.silence === undefined ? 6 : wholeOption('--silence', opts.silence, 1, 3600, 'whole seconds from 1 to 3600, e.g. --silence 6');
  const plan = await checkWebOptions(opts, DEFAULT_WEB_PORT);
  const args = opts.port && opts.port.length ? opts.port : ['auto'];
  const wanted = args.map(splitLabel);
  checkLabels(wanted.map((w) => w.label));
  if (wanted.filter((w) => w.port === 'auto').length > 1) throw new HostError('--port auto can be given only once', EXIT.usage);
  if (opts.decimalComma && !opts.csv) throw new HostError('--decimal-comma is for the CSV file', EXIT.usage, 'add --csv FILE');
  const auto = wanted.find((w) => w.port === 'auto');
  // --wait: no board yet is what it waits for (a wall screen's PC booting before the table's
  // board), and it is looked for at every (re)open; a machine that cannot list its ports is
  // still an error.
  if (auto && !opts.wait) auto.port = await findOneBoard();
  else if (auto) await findOneBoard().catch((e) => {
    if (!(e instanceof HostError && /no Espruino board found/.test(e.message))) throw e;
  });
  const specs = wanted.map((w) => (w.port === 'auto' ? autoSpec() : parseBoardSpec(w.port)));
  // Named twice, however spelt: one of the two would be refused as busy, or they would hang each other up.
  const names = specs.map(boardIdentity);
  const twice = names.findIndex((n, i) => names.indexOf(n) !== i);
  if (twice >= 0) throw new HostError(`the same board is named twice: ${args[names.indexOf(names[twice])]} and ${args[twice]}`, EXIT.usage, 'give each --port once');
  if (wanted.length === 1 && wanted[0].label === 'table 1') wanted[0].label = specs[0].name;

  const streams: BoardStream[] = [];
  const tables: TableMirror[] = [];
  // The log directory and CSV file first: one that cannot be written is an error before any board opens.
  let logs: ActionLogWriter | null = null;
  if (opts.log !== false || opts.csv) {
    logs = new ActionLogWriter({
      dir: opts.log === false ? null : resolve(opts.log || DEFAULT_LOG_DIR),
      csv: opts.csv ? resolve(opts.csv) : null,
      decimalComma: !!opts.decimalComma,
      onFile: (table, file) => {
        const t = tables.find((x) => x.label === table);
        if (t) emit(t, { ev: 'log', file, text: `action log: ${file}` });
      },
      onError: (table, message) => {
        const t = tables.find((x) => x.label === table);
        if (t) emit(t, { ev: 'log_error', text: message });
      },
    });
  }
  const stopAll = () => {
    for (const t of tables) t.stop();
    for (const s of streams) s.close();
  };
  try {
    for (const spec of specs) streams.push(await openBoard(spec, { failFast: !opts.wait }));
  } catch (e) {
    stopAll();
    throw e;
  }
  for (let i = 0; i < streams.length; i++) {
    const t = new TableMirror(wanted[i].label, streams[i], { helloTimeoutMs: opts.wait ? Infinity : HELLO_WAIT_MS, silenceMs: silence * 1000 });
    t.on('note', (n: TableNote) => emit(t, n));
    tables.push(t);
    if (logs) logs.attach(t);
  }
  const starts = tables.map((t) => t.start());
  if (opts.wait) for (const p of starts) p.catch(() => {});
  else {
    try {
      await Promise.all(starts);
    } catch (e) {
      stopAll();
      for (const p of starts) p.catch(() => {});
      throw e;
    }
  }
  let web: WebServer | null = null;
  if (plan) {
    try {
      web = await startWebServer(tables, { port: plan.port, host: opts.host, attractMs: plan.attractMs, odds: !!opts.odds });
    } catch (e) {
      stopAll();
      throw new HostError(`cannot serve the page on ${plan.host}:${plan.port}: ${(e as Error).message}`, EXIT.usage, 'choose another port: --web PORT');
    }
  }
  return {
    tables,
    web,
    logs,
    stop: async () => {
      stopAll();
      if (web) await web.close();
    },
  };
}

/** A terminal that redraws the whole picture, at most every 100 ms. */
function terminalScreen(tables: TableMirror[], webUrl: string | null, odds: boolean): { dirty(): void; close(): void } {
  let dirty = true;
  const colour = colourWanted();
  // Per table, when the refusal it shows came (a press refused again alike brings no ui line).
  const refusals = tables.map((t) => {
    const c = new RefusalClock();
    t.on('note', (n: TableNote) => {
      c.seen(t.model.ui);
      if (n.ev === 'button') c.pressed(t.model.ui, hostNow());
    });
    return c;
  });
  const draw = () => {
    if (!dirty) return;
    dirty = false;
    const views = tables.map((t, i) => {
      const live = t.status === 'live';
      // A board that is not live runs no countdown and asks nothing the mirror could show: the game
      // as last seen, without prompts or refusals (the page dims it and drops them too).
      const ui = t.model.ui;
      return {
        header: tableHeader(t.label, t.stream.spec.name, t.status, t.model.hello),
        down: live ? '' : downLine(t.status),
        board: drawBoard(t.model.frame, GEOMETRY.width, colour),
        game: describeGame(t.model.state, ui, hostNow(), { setup: t.model.setup, odds, refusalSince: ui ? refusals[i].since(ui) : undefined, live, selfTest: t.model.selfTest }),
        notes: t.recent.slice(-4).map((r) => r.text),
      };
    });
    const parts = mirrorScreenParts(views, webUrl, process.stdout.rows, process.stdout.columns);
    process.stdout.write(fitScreen(parts, process.stdout.columns, process.stdout.rows, colour));
  };
  process.stdout.write('\x1b[?25l');
  const timer = setInterval(draw, 100);
  // The reroll countdown moves without messages.
  const tick = setInterval(() => (dirty = true), 250);
  return {
    dirty: () => (dirty = true),
    close: () => {
      clearInterval(timer);
      clearInterval(tick);
      process.stdout.write('\x1b[?25h\n');
    },
  };
}

export async function mirror(opts: MirrorOptions, io: Output): Promise<number> {
  const useScreen = !opts.json && process.stdout.isTTY === true;
  let screen: { dirty(): void; close(): void } | null = null;
  const emit = (t: TableMirror, n: TableNote) => {
    if (opts.json) {
      const o: Record<string, unknown> = { time: Date.now(), table: t.label };
      for (const k of Object.keys(n)) if (k !== 'text' || n.text) o[k] = n[k];
      io.out(JSON.stringify(o));
    } else if (screen) screen.dirty();
    else if (n.text) io.out(`[${t.label}] ${n.text}`);
  };
  const run = await startMirror(opts, emit);
  // With --host 0.0.0.0 the page is for another machine's browser: its addresses are said too.
  const page = run.web ? run.web.url + (run.web.lanUrls.length ? ` (from other machines: ${run.web.lanUrls.join(', ')})` : '') : null;
  if (run.web) {
    if (opts.json) io.out(JSON.stringify({ time: Date.now(), ev: 'web', url: run.web.url, lan: run.web.lanUrls }));
    else if (!useScreen) io.out(`dicetray: page on ${page}`);
  }
  if (useScreen) {
    screen = terminalScreen(run.tables, page, !!opts.odds);
    for (const t of run.tables) t.on('change', () => screen!.dirty());
  }
  await new Promise<void>((done) => {
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
  });
  if (screen) screen.close();
  await run.stop();
  return EXIT.ok;
}
