/** `dicetray sim`'s options checked before the board starts: mistakes are usage errors with a hint. */
import { EXIT, HostError } from '../errors';
import { wholeOption } from './whole-option';

export function checkSimOptions(o: { pty?: string; tcp?: string; headless?: boolean; odds?: boolean; storage?: string }): void {
  // A board spec where a file goes: `--storage sim:memory` made a file named "sim:memory".
  if (o.storage !== undefined && /^sim:/.test(o.storage)) throw new HostError(`--storage ${o.storage}: --storage takes a file, not a board (sim:FILE and sim:memory name a simulated board for -p)`, EXIT.usage, o.storage !== 'sim:memory' ? `--storage ${o.storage.slice(4)}` : 'the sim keeps its Storage in a file: leave --storage out for the default one, or add --fresh to start it empty');
  const exposed = o.pty !== undefined || o.tcp !== undefined;
  // Without a keyboard or a link nothing could press a button: a board running for nobody.
  if (o.headless && !exposed) throw new HostError('--headless leaves the board out of reach: no keyboard, and no --pty or --tcp', EXIT.usage, 'add --pty PATH or --tcp PORT for other programs (dicetray mirror, script, config), or drop --headless to play here');
  // The odds are the sim's own mirror's; with --pty or --tcp the mirror is another program.
  if (o.odds && exposed) throw new HostError('--odds is for the screen of the sim\'s own mirror, and with --pty or --tcp it shows the LEDs only', EXIT.usage, 'give it to the mirror instead: dicetray mirror -p PATH|tcp://127.0.0.1:PORT --odds');
  if (o.pty !== undefined && o.tcp !== undefined) throw new HostError('--pty and --tcp expose the board twice', EXIT.usage, 'choose one: --pty PATH (a serial device) or --tcp PORT (a network board)');
  if (o.tcp !== undefined) wholeOption('--tcp port', o.tcp, 1, 65535, 'a port number, e.g. --tcp 2323');
  if (o.pty !== undefined && !o.pty.trim()) throw new HostError('--pty needs a path', EXIT.usage, 'e.g. --pty /tmp/ttyDICE');
}

/** Why the board could not be exposed, as a usage error with the hint that fits. */
export function exposeError(o: { pty?: string; tcp?: string }, e: Error): HostError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new HostError(`cannot listen on TCP port ${o.tcp}: the port is in use`, EXIT.usage, 'choose another port: --tcp PORT (or stop the program using it)');
  if (code === 'EACCES') return new HostError(`cannot listen on TCP port ${o.tcp}: permission denied`, EXIT.usage, 'ports below 1024 need root: choose --tcp 2323 or higher');
  if (o.pty !== undefined) return new HostError(e.message, EXIT.usage, /socat/.test(e.message) && /install/.test(e.message) ? 'install socat (apt-get install socat), or use --tcp PORT' : 'check that the directory of --pty exists and is writable');
  return new HostError(e.message, EXIT.usage, 'choose another port: --tcp PORT');
}
