/** Splits a byte stream into lines (LF, CR LF); a half line waits for the rest. */
export class LineSplitter {
  private buf = '';
  /** Longest line kept; garbage without newlines is dropped instead of growing forever. */
  constructor(private maxLine = 4096) {}
  push(chunk: Uint8Array | string): string[] {
    this.buf += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('latin1');
    const out: string[] = [];
    let nl = this.buf.indexOf('\n');
    while (nl >= 0) {
      out.push(this.buf.slice(0, nl).replace(/\r$/, ''));
      this.buf = this.buf.slice(nl + 1);
      nl = this.buf.indexOf('\n');
    }
    if (this.buf.length > this.maxLine) this.buf = '';
    return out;
  }
  /** Drops a pending half line (after a reconnect). */
  reset(): void {
    this.buf = '';
  }
}
