/**
 * What a thrown value says, for an unexpected error's one line. Anything can be thrown (`throw
 * undefined`, an object without a prototype); reading `.message` off those threw again inside the
 * handler, and the second throw ended the process with no JSON and no hint.
 */
export function thrownText(e: unknown): string {
  try {
    const m = e !== null && typeof e === 'object' && 'message' in e ? (e as Error).message : undefined;
    return typeof m === 'string' && m ? m : String(e);
  } catch {
    return 'a value that cannot be shown (thrown by a bug)';
  }
}

/** The stack of a thrown value when it has one (DICETRAY_DEBUG=1), else its text. */
export function thrownStack(e: unknown): string {
  try {
    const s = e !== null && typeof e === 'object' && 'stack' in e ? (e as Error).stack : undefined;
    return typeof s === 'string' ? s : thrownText(e);
  } catch {
    return thrownText(e);
  }
}
