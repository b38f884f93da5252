/** `dicetray build`: the firmware bundle for a board, and how a failed build is reported. */
import { buildFirmware } from '../../../firmware/build/build-firmware';
import { EXIT, fileError, HostError } from '../errors';
import type { Output } from '../output';

/**
 * A build that failed, as a HostError: an output file that cannot be written is a file problem
 * (exit 6), anything else (unknown board, pin map conflict, budget) is the board's (exit 7).
 */
export function buildFailure(board: string | undefined, e: unknown, out?: string): HostError {
  if (e instanceof HostError) return e;
  const err = e as NodeJS.ErrnoException & { issues?: { file: string; line: number; message: string }[] };
  if (err.code && typeof err.syscall === 'string') return fileError('write', err.path || out || 'the firmware bundle', e, out ? 'choose a writable --out path' : 'check that firmware/dist is writable');
  const detail = err.issues ? err.issues.map((i) => `${i.file}:${i.line}: ${i.message}`).join('\n') : err.message;
  return new HostError(`cannot build the firmware for ${board || 'the last board'}: ${detail}`, EXIT.build, 'pick another board (dicetray build --board pico) or see hardware/README.md');
}

export async function build(opts: { board: string; out?: string; json?: boolean }, io: Output): Promise<number> {
  let r;
  try {
    r = await buildFirmware({ board: opts.board, out: opts.out });
  } catch (e) {
    throw buildFailure(opts.board, e, opts.out);
  }
  // `ok` as every other command's --json result has it (README, Machine-readable output).
  io.out(opts.json ? JSON.stringify(Object.assign({ ok: true }, r)) : `${r.file}: ${r.bytes} bytes, firmware ${r.fw} for ${r.board}, bundle hash ${r.hash}, ${r.storageFree} bytes of Storage left`);
  return EXIT.ok;
}
