/** The two ways a board's handshake fails, worded once for mirror, config, flash's check and script. */
import { PROTOCOL_VERSION } from '../../../shared/protocol/messages';
import { EXIT, HostError } from '../errors';

/**
 * How long mirror and config wait for the board's first hello (asked again every second) before
 * they give up: longer than the 5 s a board's console keeps a packet left unfinished (another
 * program's half packet on a shared line), swallowing the hellos sent meanwhile. A 5 s wait gave
 * up just before the board could answer, and told staff to flash the firmware.
 */
export const HELLO_WAIT_MS = 7000;

/** Nothing on `port` said hello within `seconds`. */
export function noAnswerError(port: string, seconds: number): HostError {
  return new HostError(
    `no dicetray firmware answered on ${port} within ${seconds} s`,
    EXIT.protocol,
    // Another program on the port is as likely as missing firmware (a port holds one program: a
    // mirror left running, a serial monitor), and flashing would not help then.
    `is another program using ${port} (a mirror already running, a serial monitor)? stop it and try again; else check the port is the board, or flash the firmware with \`dicetray flash --port ${port}\`; a kiosk board whose console staff opened for flashing (staff menu, K4) answers again by itself within 5 minutes, or at once when restarted`,
  );
}

/** The board said hello in another protocol version. */
export function protocolMismatchError(port: string, hello: { v: number; fw: string }): HostError {
  return new HostError(`protocol mismatch on ${port}: the board speaks v${hello.v}, this host v${PROTOCOL_VERSION} (board firmware ${hello.fw})`, EXIT.protocol, `flash this host's firmware: dicetray flash --port ${port}`);
}
