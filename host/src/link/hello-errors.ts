/** The two ways a board's handshake fails, worded once for mirror, config, flash's check and script. */
import { PROTOCOL_VERSION } from '../../../shared/protocol/messages';
import { EXIT, HostError } from '../errors';

/** Nothing on `port` said hello within `seconds`. */
export function noAnswerError(port: string, seconds: number): HostError {
  return new HostError(
    `no dicetray firmware answered on ${port} within ${seconds} s`,
    EXIT.protocol,
    `flash the firmware with \`dicetray flash --port ${port}\`, or check the port is the board; a kiosk board whose console staff opened for flashing (staff menu, K4) answers again by itself within 5 minutes, or at once when restarted`,
  );
}

/** The board said hello in another protocol version. */
export function protocolMismatchError(port: string, hello: { v: number; fw: string }): HostError {
  return new HostError(`protocol mismatch on ${port}: the board speaks v${hello.v}, this host v${PROTOCOL_VERSION} (board firmware ${hello.fw})`, EXIT.protocol, `flash this host's firmware: dicetray flash --port ${port}`);
}
