/** A table script's target on a board reached over a wire: buttons as host commands, real time. */
import { BoardLink, type ByteStream } from '../link/board-link';
import type { ScriptTarget } from './run-script';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function remoteTarget(stream: ByteStream): ScriptTarget {
  const link = BoardLink.over(stream);
  let last = Date.now();
  link.on('msg', () => (last = Date.now()));
  return {
    link,
    press: async (b, long) => {
      link.send({ c: 'btn', b, k: long ? 'long' : 'press' });
      await sleep(40);
    },
    wait: (ms) => sleep(ms),
    // Quiet for 150 ms (or 2 s at most): the board has answered.
    settle: async () => {
      const t0 = Date.now();
      await sleep(60);
      while (Date.now() - last < 150 && Date.now() - t0 < 2000) await sleep(30);
    },
  };
}
