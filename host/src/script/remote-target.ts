/** A table script's target on a board reached over a wire: buttons as host commands, real time. */
import { BoardLink, type ByteStream } from '../link/board-link';
import type { ScriptTarget } from './run-script';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A board that has not started answering after this long is taken as having nothing to say. */
const FIRST_ANSWER_MS = 600;
/** Quiet after its last line: the board has answered. */
const QUIET_MS = 150;
/** A board that keeps talking (a countdown) is taken as settled after this long. */
const SETTLE_MAX_MS = 2000;

export function remoteTarget(stream: ByteStream & { on(ev: 'close', fn: () => void): unknown }): ScriptTarget {
  const link = BoardLink.over(stream);
  let last = 0;
  let sent = Date.now();
  let lost: string | null = null;
  link.on('msg', () => (last = Date.now()));
  // Another client taking over the board's one connection, or a cable pulled: the script must
  // say so instead of checking expectations against a game that no longer moves.
  stream.on('close', () => (lost = lost || 'the connection was closed (another program took the board, or it was unplugged)'));
  const send = link.send.bind(link);
  link.send = (cmd) => {
    sent = Date.now();
    send(cmd);
  };
  return {
    link,
    press: async (b, long) => {
      link.send({ c: 'btn', b, k: long ? 'long' : 'press' });
      await sleep(40);
    },
    // A lost link ends the wait: the script has nothing left to wait for.
    wait: async (ms) => {
      const end = Date.now() + ms;
      while (!lost && Date.now() < end) await sleep(Math.min(100, end - Date.now()));
    },
    // A slow board (Espruino's Linux build) may take a while to start answering: wait for its
    // first line after what was sent, then for quiet.
    settle: async () => {
      const t0 = Date.now();
      await sleep(60);
      for (;;) {
        const now = Date.now();
        if (lost || now - t0 > SETTLE_MAX_MS) return;
        if (last > sent ? now - last >= QUIET_MS : now - sent >= FIRST_ANSWER_MS) return;
        await sleep(30);
      }
    },
    // Real time: an expectation is met once the board's report arrives; a slow board gets this long.
    expectWithinMs: 4000,
    lost: () => lost,
  };
}
