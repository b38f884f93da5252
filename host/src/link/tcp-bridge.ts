/**
 * Puts a board that is not reachable over TCP (a serial port, a pseudo-terminal, the
 * simulated board in this process) on a local TCP port for the duration of one job, so that
 * EspruinoTools, which opens only TCP or ports that SerialPort.list() returns, can reach it.
 */
import type { BoardStream } from './open-board';
import { serveOneClient, type OneClientServer } from './one-client-server';

export type Bridge = OneClientServer;

/** One client at a time, like Espruino's telnet console; bytes pass through unchanged. */
export function bridgeToTcp(stream: BoardStream): Promise<Bridge> {
  return serveOneClient(stream, 0, '127.0.0.1');
}
