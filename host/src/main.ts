import { Command, CommanderError, Option } from 'commander';
import { packageVersion } from '../../firmware/build/paths';
import { errorJson, EXIT, HostError } from './errors';
import { guardStdout, stdio, type Output } from './output';
import { SCRIPT_GRAMMAR } from './script/script-grammar';
import { DEFAULT_LOG_DIR, DEFAULT_SIM_STORAGE, DEFAULT_WEB_PORT } from './defaults';
import { settingsTable } from './commands/config-settings';
import { thrownStack, thrownText } from './thrown-text';
import { installHint, missingPackage } from '../bin/install-error.mjs';

/**
 * Builds the command table. Each command returns its exit code. A command's module is loaded when
 * it runs: `odds` need not load the firmware's build tools (TypeScript's parser alone takes ~1.5 s).
 */
function buildCli(io: Output, setCode: (c: number) => void): Command {
  const program = new Command('dicetray')
    .description('Dice-tray companion: rules engine, board firmware tools and mirror')
    .version(packageVersion(), '-V, --version', 'the version of dicetray (the firmware it builds has the same)')
    .exitOverride()
    // Usage errors are printed by main() (dicetray: prefix, hint, JSON under --json).
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()), outputError: () => {} });
  program.addHelpText(
    'after',
    '\nExit codes: 0 ok, 1 the command found failures, 2 usage, 3 no board, 4 protocol mismatch or no dicetray firmware answering,\n5 flash failed or not verified, 6 a file cannot be read, parsed or written, 7 firmware build failed, 8 a package not installed (npm ci) or Node too old,\n130 stopped by Ctrl-C.',
  );

  program
    .command('conform')
    .description('run conformance scenarios (tabletop-rules-scenarios/1) against the engine')
    .argument('<files...>', 'scenario JSON files, folders of them, or - for standard input')
    .option('--json', 'machine-readable results')
    .option('-v, --verbose', 'also say why scenarios were skipped')
    .action(async (files: string[], opts) => setCode((await import('./commands/conform')).conform(files, opts, io)));

  program
    .command('replay')
    .description('rebuild a game from its action log (JSON lines) and print the final state')
    .argument('<log>', 'action log file, or - for standard input')
    .option('--json', 'machine-readable result')
    .action(async (file: string, opts) => setCode((await import('./commands/replay')).replay(file, opts, io)));

  program
    .command('results')
    .description("the games the mirror's action logs saw finish: when, table, scores, winners")
    .argument('[dir]', 'the folder of action logs', DEFAULT_LOG_DIR)
    .option('--json', 'machine-readable result')
    .option('--csv <file>', 'also write a row per player and game (- for standard output, instead of the list)')
    .action(async (dir: string, opts) => setCode((await import('./commands/results')).results(dir, opts, io)));

  program
    .command('sim')
    .description('run the simulated board (with its mirror in this terminal, or on --pty/--tcp for other tools)')
    .option('--pty <path>', 'expose the board on a pseudo-terminal at this path (needs socat)')
    .option('--tcp <port>', 'expose the board on TCP 127.0.0.1:<port>')
    .option('--storage <file>', 'Storage image (the board keeps its game across restarts)', DEFAULT_SIM_STORAGE)
    .option('--fresh', 'start with empty Storage (erases the --storage file; what the board writes next is kept there)')
    .option('--linux', "behave like Espruino's Linux build (no pins: buttons from host commands, LEDs over the link)")
    .option('--headless', 'no keyboard or screen (for scripts and services)')
    .option('--odds', 'classroom: show the exact odds of the turn under the prompt (the target choice; in a reroll window, keep or reroll)')
    .action(async (opts) => setCode(await (await import('./commands/sim')).sim(opts, io)));

  program
    .command('script')
    .description('play a table script (buttons, waits, expectations) against a board')
    .argument('<file>', 'table script, or - for standard input')
    .option('--board <board>', 'sim (empty Storage, the default), sim:FILE, tcp://HOST:PORT, a serial path or auto')
    // -p as every other command that talks to a board names it (flash's --board is a board model).
    .option('-p, --port <board>', 'the same as --board')
    .option('--json', 'machine-readable result')
    .option('--replace-game', "let the script's new or given replace a game in progress on a real board (refused otherwise)")
    .addHelpText('after', () => '\nA script, one step per line:\n' + SCRIPT_GRAMMAR.replace(/^/gm, '  ') + '\nExamples: test/fixtures/scripts/*.table')
    .action(async (file: string, opts) => {
      if (opts.board !== undefined && opts.port !== undefined && opts.board !== opts.port) throw new HostError(`--board ${opts.board} and -p ${opts.port} name two boards`, EXIT.usage, 'give the board once: -p BOARD (or --board BOARD)');
      setCode(await (await import('./commands/script')).script(file, Object.assign({}, opts, { board: opts.board || opts.port || 'sim' }), io));
    });

  program
    .command('odds')
    .description("exact odds for the classroom (fractions and decimals): a Pechvogel turn, all 7 dice placed in The 7th Dwarf, where a figure stops in That's Life!")
    .argument('[game]', 'pechvogel, seventh_dwarf or thats_life', 'pechvogel')
    .option('--from <t,r>', 'from this many targets and ravens on the board (1..3, 0..2) instead of the first throw')
    .option('--all', 'the first throw and every state a turn can be in after it (1–3 targets, 0–2 ravens)')
    .option('--policy <p>', 'Pechvogel: target the number shown by the most or fewest dice, or with the most points expected (most, fewest, points; default most); 7th Dwarf: place best, spread or leftmost (default: all three)')
    .option('--reduce', 'Pechvogel: also the chance of a marker with one reduce in hand, and when to use it')
    .option('--frustrate', 'Pechvogel: the chance of a marker against an opponent who frustrates to deny it; with --from, every throw from there kept or rerolled')
    .option('--row <values>', '7th Dwarf: from this row (9 values for spots 0..8, 0 = empty), e.g. 0,1,0,3,0,0,5,0,0')
    .option('--die <v>', '7th Dwarf: where a die of this value may go, and the chance from each spot')
    .option('--csv <file>', 'also write the odds as CSV (- for standard output only); fractions as "11 / 20", so spreadsheets keep them as text')
    .option('--decimal-comma', "CSV for a spreadsheet that writes 0,58: ';' between fields, decimals with a comma")
    .option('--json', 'machine-readable odds, with the version and the command that makes them again')
    .action(async (game: string, opts) => setCode((await import('./commands/odds')).odds(game, opts, io)));

  program
    .command('simulate')
    .description('play turns with the engine and its seeded dice; the frequencies converge to the exact odds')
    .argument('[game]', 'pechvogel, seventh_dwarf or thats_life', 'pechvogel')
    .option('--turns <n>', "turns to play, up to 10,000,000 (That's Life!: figures walking); 100,000 take about 0.5 s in Pechvogel, 2 s in That's Life!, 4 s in The 7th Dwarf", '10000')
    .option('--seed <n>', 'seed of the dice (the same seed plays the same turns)', '1')
    .option('--from <t,r>', 'Pechvogel: every turn from this many targets and ravens on the board (1..3, 0..2) instead of the first throw')
    .option('--policy <p>', 'Pechvogel: most, fewest or points (default most); 7th Dwarf: best, spread or leftmost (default best)')
    .option('--reduce', 'Pechvogel: the active player holds one frustration and reduces when that raises the chance of a marker')
    .option('--frustrate', 'Pechvogel: an opponent holds one frustration and frustrates when that lowers the chance of a marker')
    .option('--csv <file>', "running frequencies at 1, 2, 5 × 10^k turns, with the exact values (That's Life!: the share per card); - for standard output only")
    .option('--decimal-comma', "CSV for a spreadsheet that writes 0,58: ';' between fields, decimals with a comma")
    .option('--svg <file>', 'plot of the running frequencies and the exact values (an .svg file)')
    .option('--json', 'machine-readable result, with the seed, the version and the command that plays it again')
    // odds' 7th Dwarf questions, refused by name (commander suggested --from, a Pechvogel option).
    .addOption(new Option('--row <values>').hideHelp())
    .addOption(new Option('--die <v>').hideHelp())
    .action(async (game: string, opts) => setCode(await (await import('./commands/simulate')).simulate(game, opts, io)));

  const collect = (v: string, prev: string[]) => prev.concat([v]);
  const BOARD_HELP = 'board: a serial port (/dev/ttyACM0), tcp://HOST:PORT, sim[:STORAGE_FILE] or auto';

  program
    .command('list')
    .description('list the Espruino boards plugged in (by USB id 0483:5740); --all lists every serial port')
    .option('--all', 'every serial port, not only Espruino boards')
    .option('--json', 'machine-readable list')
    .action(async (opts) => setCode(await (await import('./commands/list')).list(opts, io)));

  program
    .command('flash')
    .description('build the firmware if needed, write it to the board\'s Storage (.bootcde, runs at power-up) and verify it')
    .option('-p, --port <board>', BOARD_HELP, 'auto')
    .option('--board <id>', 'build for this board: pico, wifi, original, mdbt42q (default: pico)')
    .option('--kiosk-password <pw>', 'kiosk profile: console off the data port and locked with this password')
    .option('--unlock <pw>', 'log in to a locked console first (a kiosk board put into flashing mode from its staff menu); the board stays a kiosk with this password')
    .option('--no-kiosk', 'with --unlock: remove the kiosk profile (console back on the data port, unlocked)')
    .option('--verify-timeout <s>', 'seconds to wait for the board\'s hello after the upload', '10')
    .option('--json', 'one JSON object per step')
    .option('-v, --verbose', "show EspruinoTools' exchange with the board")
    .action(async (opts) => setCode(await (await import('./commands/flash')).flash(opts, io)));

  program
    .command('config')
    .description("show the board's settings (kept in its Storage) and change them: config -p BOARD [KEY=VALUE...]")
    .argument('[settings...]', 'KEY=VALUE to set, e.g. abandon=30m window=10s brightness=24 beep=off (raw keys too: abandon_ms=1800000)')
    .option('-p, --port <board>', BOARD_HELP, 'auto')
    .option('--json', 'machine-readable result')
    .addHelpText(
      'after',
      [
        '',
        'Without KEY=VALUE it prints every setting and writes nothing (a sim:FILE is left as it was). Durations take a unit (500ms, 10s, 30m, 1h30m); under the long',
        'name a bare number is milliseconds. Every value is checked before anything is sent, and read back after (a kiosk',
        "board's console is off its port: it reads the settings the board reports in use). Values persist in the board's Storage.",
        ...settingsTable().map((l) => '  ' + l),
        'Exit codes: 0 ok, 1 the board did not keep a value, 2 a bad key or value (nothing is sent), 3 no board,',
        '4 no dicetray firmware answering, 6 a sim:FILE that cannot be used (no such folder, not a Storage image).',
      ].join('\n'),
    )
    .action(async (settings: string[], opts) => setCode(await (await import('./commands/config')).config(settings, opts, io)));

  program
    .command('mirror')
    .description('keep a live copy of the game on one or more boards: terminal view, --json events, --web page, action logs')
    .addOption(new Option('-p, --port <board>', BOARD_HELP + '; repeat for several tables, LABEL=BOARD names a table').argParser(collect).default([], 'auto'))
    .option('--json', 'one JSON event per line instead of the terminal view')
    .option('--web [port]', `serve the big-screen page (read-only) on this port (default ${DEFAULT_WEB_PORT})`)
    .option('--host <addr>', 'address the page listens on (default 127.0.0.1, this computer only)')
    .option('--attract <s>', 'seconds without a button press before the page calls the next table over an idle set-up or a finished game (a game left mid-turn stays shown: the board clears it with config abandon=…)', '600')
    .option('--log <dir>', 'directory for the action logs (JSON lines, one file per game; a restarted mirror goes on in the newest one when the board is where it ends)', DEFAULT_LOG_DIR)
    .option('--no-log', 'do not write action logs')
    .option('--csv <file>', 'also append every throw to this CSV file')
    .option('--decimal-comma', "the CSV for a spreadsheet that writes 0,58: ';' between fields (as odds and simulate)")
    .option('--wait', 'keep trying when a board is missing or silent at start')
    .option('--silence <s>', 'seconds a live board may send nothing, although asked, before its port is opened again', '6')
    .option('--odds', 'classroom: show the exact odds of the turn under the prompt (the target choice; in a reroll window, keep or reroll), in the terminal and on the page')
    .action(async (opts) => setCode(await (await import('./commands/mirror')).mirror(opts, io)));

  program
    .command('build')
    .description('build the firmware bundle (firmware/dist/dicetray.js) for a board')
    .option('--board <id>', 'pico (reference), wifi, original, mdbt42q', 'pico')
    .option('--out <file>', 'output file')
    .option('--json', 'machine-readable result')
    .action(async (opts) => setCode(await (await import('./commands/build')).build(opts, io)));

  return program;
}

/** The subcommand named in argv (for the usage hint), if any. */
function commandOf(program: Command, argv: string[]): string | null {
  const names = program.commands.map((c) => c.name());
  const w = argv.find((a) => !a.startsWith('-'));
  return w && names.indexOf(w) >= 0 ? w : null;
}

/** What an unexpected error (a bug of ours) tells the user to do. */
const BUG_HINT = 'this is a bug in dicetray; run again with DICETRAY_DEBUG=1 for the stack trace and report it';

/**
 * Last resort for a throw outside any command's promise (an event handler, a promise nobody
 * awaited): one line, not a stack. Under --json stdout still gets the error object; `ends` prints
 * it where it belongs and says the exit code.
 */
function guardProcess(ends: (errorLine: string) => number): void {
  const die = (e: unknown) => {
    const message = `unexpected error: ${thrownText(e)}`;
    stdio.err(`dicetray: ${message}`);
    stdio.err(`hint: ${BUG_HINT}`);
    if (process.env.DICETRAY_DEBUG) stdio.err(thrownStack(e));
    process.exit(ends(errorJson(message, EXIT.failed, BUG_HINT)));
  };
  process.on('uncaughtException', die);
  process.on('unhandledRejection', die);
}

export async function main(argv: string[], io: Output = stdio): Promise<number> {
  // Under --json a failure is also one JSON object on stdout, so a reader always gets JSON.
  const dashes = argv.indexOf('--');
  const json = (dashes < 0 ? argv : argv.slice(0, dashes)).indexOf('--json') >= 0;
  let code: number = EXIT.ok;
  // A one-object command's result is held until the command ends: a failure after it (a throw in
  // a clean-up, a bug) replaces it with the error object, so stdout holds one JSON value whose `ok`
  // agrees with the exit code. flash and mirror stream lines as they come (a failed stream ends
  // with the error object).
  const held: string[] = [];
  let hold = false;
  const program = buildCli({ out: (l) => (hold ? held.push(l) : io.out(l)), err: (l) => io.err(l) }, (c) => (code = c));
  hold = json && ['flash', 'mirror'].indexOf(commandOf(program, argv) || '') < 0;
  const errorOut = (line: string): void => {
    held.length = 0;
    if (json) io.out(line);
  };
  // The exit code of a command that has ended and printed its one object (null while it runs).
  let ended: number | null = null;
  if (io === stdio) {
    guardStdout();
    // A throw after a one-object command ended (a timer it left): its result is out and stands,
    // with its exit code; stdout gets no second object. Said on stderr all the same.
    guardProcess((line) => {
      if (hold && ended !== null) return ended;
      errorOut(line);
      return EXIT.failed;
    });
  }
  const fail = (message: string, exit: number, hint: string): number => {
    io.err(`dicetray: ${message}`);
    if (hint) io.err(`hint: ${hint}`);
    errorOut(errorJson(message, exit, hint));
    return exit;
  };
  // The command, to its exit code (a failure printed as every failure is).
  const run = async (): Promise<number> => {
    try {
      await program.parseAsync(argv, { from: 'user' });
    } catch (e) {
      if (e instanceof CommanderError) {
        // --help and --version end here too, with exit code 0; `dicetray` alone has printed the help.
        if (e.exitCode === 0) return EXIT.ok;
        if (e.code === 'commander.help' || e.code === 'commander.helpDisplayed') return EXIT.usage;
        const cmd = commandOf(program, argv);
        return fail(e.message.replace(/^error: /, ''), EXIT.usage, `dicetray ${cmd ? cmd + ' ' : ''}--help lists the ${cmd ? 'options' : 'commands'}`);
      }
      if (e instanceof HostError) return fail(e.message, e.exitCode, e.hint);
      // A package not installed (a command loads some only when it needs them: serialport, espruino).
      const pkg = missingPackage(e);
      if (pkg) return fail(`the package ${pkg} is not installed`, EXIT.install, installHint());
      // A bug of ours: say so in one line; the stack only on request.
      if (process.env.DICETRAY_DEBUG) io.err(thrownStack(e));
      return fail(`unexpected error: ${thrownText(e)}`, EXIT.failed, BUG_HINT);
    }
    return code;
  };
  try {
    return (ended = await run());
  } finally {
    // What the command printed, unless a failure replaced it (errorOut).
    for (const l of held) io.out(l);
  }
}
