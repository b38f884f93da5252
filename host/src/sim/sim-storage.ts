/**
 * Espruino's Storage module for the simulated board, kept in a JSON file so the game survives
 * a restart of the simulator exactly as it survives a power cut on a board. Counts flash
 * writes for the wear estimate.
 */
import { existsSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readTextFile } from '../output';
import { EXIT, HostError } from '../errors';
import { lockStorage } from './path-lock';
import { parseLiberalJson } from './espruino-json';
import { STORAGE_CHUNK_BYTES, storageFileRoom } from '../../../hardware/pinmap';

/** A file made, grown (a StorageFile) or erased: what a model of a board's flash follows. */
export type FlashOp = { kind: 'file'; name: string; size: number } | { kind: 'append'; name: string; from: number; to: number } | { kind: 'erase'; name: string; appended: boolean };

/** Storage.readJSON outside a sandbox: Espruino's liberal parser, this realm's objects and errors. */
function parseLiberalHere(text: string, noExceptions: boolean): unknown {
  const r = parseLiberalJson(text);
  if (r.error && !noExceptions) throw r.error.type === 'SyntaxError' ? new SyntaxError(r.error.message) : new Error(r.error.message);
  return r.value;
}

export class SimStorage {
  files: Record<string, string> = {};
  /** Bytes and write calls since start: what a real board would put into flash. */
  written = { bytes: 0, writes: 0 };
  /**
   * Each file made or erased, for a model of a board's flash (the bench's Pico Storage, where
   * files are aligned, have headers and a StorageFile takes its room in chunks): a whole file of
   * `size` bytes, an append taking a StorageFile from `from` to `to` bytes, an erase.
   */
  onFlash: ((op: FlashOp) => void) | null = null;
  /**
   * Fault injection (tests): the next write or append to a file whose name starts with `prefix`
   * stops after `keep` bytes and throws, as a power cut mid-write leaves flash on a board. Like
   * Espruino's Storage.write, a whole-file write has erased the old copy first, and the torn file
   * reads back padded with 0xFF to its full length.
   */
  tearNext: { prefix: string; keep: number } | null = null;
  /**
   * Fault injection (tests): called before every erase with the file's name; throwing from it is
   * a power cut before that erase (the files erased before it stay erased).
   */
  beforeErase: ((name: string) => void) | null = null;
  /**
   * A fault above was a power cut: the board is off, so nothing more reaches flash until it boots
   * again (SimBoard clears it). The firmware's own code goes on running in the simulation (a
   * catch, a cleanup), and its writes and erases would otherwise land where a real board's never do.
   */
  cut = false;

  private erasing(name: string): void {
    if (!this.beforeErase) return;
    try {
      this.beforeErase(name);
    } catch (e) {
      this.cut = true;
      throw e;
    }
  }

  private tear(name: string): number {
    const t = this.tearNext;
    if (!t || name.indexOf(t.prefix) !== 0) return -1;
    this.tearNext = null;
    this.cut = true;
    return t.keep;
  }
  /**
   * `capacity`: a Pico's 48 KB. `chunk`: the room a StorageFile takes at a time, as on a Pico
   * (Espruino reserves min(page, 4 KB) less its 32-byte header at a chunk's first byte; a Pico's
   * pages are 16 KB); 0 counts its bytes as written. `readOnly`: `path` is read, never written
   * (see SimBoardOptions.readOnlyStorage); the board's own writes stay in memory.
   */
  constructor(
    private path: string | null,
    readonly capacity = 48 * 1024,
    readonly chunk = STORAGE_CHUNK_BYTES,
    readonly readOnly = false,
  ) {
    if (!path) return;
    this.release = lockStorage(path);
    try {
      if (existsSync(path)) this.files = SimStorage.load(path);
    } catch (e) {
      this.release();
      throw e;
    }
  }

  /** Lets another process use the file (also when this one exits). */
  release: () => void = () => {};

  /** The Storage image in `path`: an object of file name → contents, or a HostError (exit 6). */
  static load(path: string): Record<string, string> {
    // A folder or a device is no image: name a file (deleting it, as for a bad image, is no advice there).
    let plain = true;
    let folder = false;
    try {
      const st = statSync(path);
      plain = st.isFile();
      folder = st.isDirectory();
    } catch {
      // Missing: readTextFile says so.
    }
    const hint = plain ? `start with empty Storage (dicetray sim --fresh --storage ${path}), or delete ${path}` : `name a file for the simulated board's Storage, not a folder or a device (--storage FILE, sim:FILE)`;
    // Refused unread: reading a FIFO waits for a writer for ever, a device may never end.
    if (!plain) throw new HostError(`cannot read the simulated board's Storage from ${path}: ${folder ? 'it is a directory' : 'it is not a file (a FIFO or a device)'}`, EXIT.input, hint);
    const text = readTextFile(path, hint, "read the simulated board's Storage from");
    let files: unknown;
    try {
      files = JSON.parse(text);
    } catch {
      files = undefined;
    }
    const ok = files !== null && typeof files === 'object' && !Array.isArray(files) && Object.values(files as object).every((v) => typeof v === 'string');
    if (!ok) throw new HostError(`${path} is not a simulated board's Storage image (a JSON object of file name → contents)`, EXIT.input, hint);
    return files as Record<string, string>;
  }

  private persist(): void {
    if (!this.path || this.readOnly) return;
    // Write-then-rename: the file on disk is always a complete image.
    writeFileSync(this.path + '.tmp', JSON.stringify(this.files));
    renameSync(this.path + '.tmp', this.path);
  }

  private flashed(op: FlashOp): void {
    if (this.onFlash) this.onFlash(op);
  }

  private count(bytes: number): void {
    this.written.bytes += bytes;
    this.written.writes++;
  }

  /**
   * The room of the boot bundle a board holds in Storage as .bootcde, while this one has none
   * and boots the bundle it came with (flashedSimBoard): its Storage fills as a board's does.
   */
  bootRoom = 0;

  /** Storage taken: a file's size in 4-byte words and its 32-byte header; a StorageFile's chunks whole. */
  used(): number {
    let n = this.files['.bootcde'] === undefined ? this.bootRoom : 0;
    for (const k of Object.keys(this.files)) {
      const len = this.files[k].length;
      if (this.chunk && k.charAt(k.length - 1) === '\u0001') n += Math.ceil(len / this.chunk) * storageFileRoom(this.chunk);
      else n += storageFileRoom(len);
    }
    return n;
  }

  /**
   * The object the firmware gets from require("Storage"). `parseJson`: readJSON's parser (the
   * board's sandbox passes its own, which makes the sandbox's objects and errors); by default
   * Espruino's liberal parser with this realm's.
   */
  api(parseJson: (text: string, noExceptions: boolean) => unknown = parseLiberalHere) {
    const st = this;
    const api = {
      read(name: string, offset?: number, length?: number): string | undefined {
        const f = st.files[name];
        if (f === undefined) return undefined;
        return f.substr(offset || 0, length === undefined ? f.length : length);
      },
      /**
       * jswrap_storage_readJSON: Espruino's liberal JSON (bare keys, single quotes, comments,
       * trailing commas, junk after the value); noExceptions: what was parsed (undefined when
       * nothing) instead of the exception.
       */
      readJSON(name: string, noExceptions?: boolean): unknown {
        const f = st.files[name];
        if (f === undefined) return undefined;
        return parseJson(f, !!noExceptions);
      },
      write(name: string, data: string, offset?: number, size?: number): boolean {
        data = String(data);
        if (st.cut) return true;
        const keep = offset === undefined ? st.tear(name) : -1;
        if (keep >= 0) {
          st.files[name] = data.substr(0, keep) + '\xff'.repeat(Math.max(0, data.length - keep));
          st.persist();
          throw new Error('power cut while writing ' + name + ' (simulated)');
        }
        let next: string;
        if (offset !== undefined) {
          const cur = size !== undefined ? '\xff'.repeat(size) : st.files[name] || '';
          next = cur.substr(0, offset) + data + cur.substr(offset + data.length);
        } else next = data;
        // As on a board: a file that does not fit is not written (Espruino compacts first; the
        // simulation never fragments, so what is free is all there is).
        const old = st.files[name];
        st.files[name] = next;
        if (st.used() > st.capacity) {
          if (old === undefined) delete st.files[name];
          else st.files[name] = old;
          throw new Error('Unable to find or create file');
        }
        st.count(data.length);
        st.persist();
        if (offset === undefined || size !== undefined) st.flashed({ kind: 'file', name, size: next.length });
        return true;
      },
      writeJSON(name: string, v: unknown): boolean {
        return api.write(name, JSON.stringify(v));
      },
      erase(name: string): void {
        if (st.cut) return;
        st.erasing(name);
        delete st.files[name];
        st.persist();
        st.flashed({ kind: 'erase', name, appended: false });
      },
      eraseAll(): void {
        if (st.cut) return;
        st.files = {};
        st.persist();
      },
      list(re?: RegExp): string[] {
        return Object.keys(st.files).filter((k) => !re || re.test(k));
      },
      getFree(): number {
        return st.capacity - st.used();
      },
      compact(): void {},
      open(name: string, mode: 'r' | 'w' | 'a') {
        const key = name + '\u0001';
        if (mode === 'w' && !st.cut) {
          st.files[key] = '';
          st.flashed({ kind: 'erase', name, appended: true });
        }
        let pos = 0;
        // As Espruino's StorageFile: a write that found no room leaves the handle unwritable for
        // good ("Can't write in this mode"), whatever room there is later.
        let dead = false;
        return {
          write(s: string) {
            if (st.cut) return;
            if (dead) throw new Error("Can't write in this mode");
            const keep = st.tear(name);
            if (keep >= 0) {
              st.files[key] = (st.files[key] || '') + String(s).substr(0, keep);
              st.persist();
              throw new Error('power cut while appending to ' + name + ' (simulated)');
            }
            // A new file of its own on the first write, and more room as it grows: full Storage refuses it.
            const old = st.files[key];
            const from = (old || '').length;
            st.files[key] = (old || '') + String(s);
            if (st.used() > st.capacity) {
              if (old === undefined) delete st.files[key];
              else st.files[key] = old;
              dead = true;
              throw new Error('Unable to find or create file');
            }
            st.count(String(s).length);
            st.persist();
            st.flashed({ kind: 'append', name, from, to: st.files[key].length });
          },
          read(len: number): string | undefined {
            const f = st.files[key] || '';
            if (pos >= f.length) return undefined;
            const out = f.substr(pos, len);
            pos += out.length;
            return out;
          },
          readLine(): string | null {
            const f = st.files[key] || '';
            if (pos >= f.length) return null;
            const nl = f.indexOf('\n', pos);
            const end = nl < 0 ? f.length : nl + 1;
            const out = f.substring(pos, end);
            pos = end;
            return out;
          },
          getLength(): number {
            return (st.files[key] || '').length;
          },
          erase(): void {
            if (st.cut) return;
            st.erasing(name);
            delete st.files[key];
            st.persist();
            st.flashed({ kind: 'erase', name, appended: true });
          },
        };
      },
    };
    return api;
  }
}
