/**
 * Flash wear: Storage bytes the firmware writes per turn over random games on the simulated
 * board (same bundle, same journal code), and the flash life that follows for a Pico.
 */
import { freshSimRunner } from '../support/sim-runner';
import { legalActions } from '../../shared/games/pechvogel/legal-actions';
import { mulberry32 } from '../support/random';
import { STORAGE_CHUNK_BYTES, storageFileRoom } from '../../hardware/pinmap';

/** STM32F4 flash endurance from the datasheet (not measured here). */
const ERASE_CYCLES = 10_000;
const PICO_STORAGE = 48 * 1024;

/**
 * A Pico's Storage as Espruino keeps it (src/jsflash.c, src/jswrap_storage.c): a file takes its
 * size rounded up to 4 bytes plus a 32-byte header; a StorageFile takes chunks of STORAGE_CHUNK_BYTES bytes,
 * each reserved whole at its first byte; an erased file's room stays taken until a new file does
 * not fit, and then Storage compacts, erasing every page once (.bootcde spans all three).
 */
class PicoStorage {
  private files = new Map<string, number>();
  private used = 0;
  private trash = 0;
  compactions = 0;
  /** Files that did not fit even after compacting (a board turns them down: storage_full). */
  full = 0;

  make(name: string, size: number): void {
    this.drop(name);
    const need = storageFileRoom(size);
    if (PICO_STORAGE - this.used - this.trash < need) {
      if (this.used + need > PICO_STORAGE) return void this.full++;
      this.compactions++;
      this.trash = 0;
    }
    this.files.set(name, need);
    this.used += need;
  }

  drop(name: string): void {
    const n = this.files.get(name);
    if (n === undefined) return;
    this.files.delete(name);
    this.used -= n;
    this.trash += n;
  }

  /** A StorageFile grown from `from` to `to` bytes: every chunk it now reaches exists. */
  append(name: string, from: number, to: number): void {
    for (let k = Math.floor(from / STORAGE_CHUNK_BYTES); k <= Math.floor((to - 1) / STORAGE_CHUNK_BYTES); k++) if (!this.files.has(name + '\u0001' + k)) this.make(name + '\u0001' + k, STORAGE_CHUNK_BYTES);
  }

  dropAppended(name: string): void {
    for (const k of [...this.files.keys()]) if (k.startsWith(name + '\u0001')) this.drop(k);
  }
}

export async function benchFlashWear(turns = 400): Promise<Record<string, number | string>> {
  const { board, runner, code, files } = await freshSimRunner();
  const rand = mulberry32(99);
  // The Pico model starts from what is in Storage now (the firmware's files, .bootcde the bundle).
  const pico = new PicoStorage();
  pico.make('.bootcde', code.length);
  for (const [k, v] of Object.entries(board.storage.files)) {
    if (k.endsWith('\u0001')) pico.append(k.slice(0, -1), 0, v.length);
    else if (k !== '.bootcde') pico.make(k, v.length);
  }
  pico.compactions = 0;
  board.storage.onFlash = (op) => {
    if (op.kind === 'file') pico.make(op.name, op.size);
    else if (op.kind === 'append') pico.append(op.name, op.from, op.to);
    else if (op.appended) pico.dropAppended(op.name);
    else pico.drop(op.name);
  };
  const start = { ...board.storage.written };
  let done = 0;
  let games = 0;
  while (done < turns) {
    await runner.step({ line: 0, op: 'new', names: ['Ann', 'Ben', 'Cleo', 'Dev'] });
    games++;
    while (runner.model.state && runner.model.state.phase !== 'game_over' && done < turns) {
      const s = runner.model.state;
      const options = legalActions(s, rand);
      const before = s.active;
      await runner.step({ line: 0, op: 'act', action: options[rand(options.length)] });
      const after = runner.model.state;
      if (after && (after.active !== before || after.phase === 'game_over')) done++;
    }
  }
  const bytes = board.storage.written.bytes - start.bytes;
  const writes = board.storage.written.writes - start.writes;
  const perTurn = bytes / done;
  // Storage left for the journal once the bundle and the maintenance module are in.
  const free = PICO_STORAGE - code.length - Object.values(files).reduce((a, f) => a + f.length, 0) - 3 * 32;
  // Log-structured Storage: a page is erased about once per `free` bytes written.
  const turnsPerErase = free / perTurn;
  return {
    turns: done,
    games,
    flash_bytes_per_turn: Math.round(perTurn),
    flash_writes_per_turn: +(writes / done).toFixed(1),
    journal_space_bytes: free,
    turns_per_page_erase: Math.round(turnsPerErase),
    flash_life_turns: Math.round(turnsPerErase * ERASE_CYCLES),
    // The same turns on the Pico model: how often Storage compacts (each page erased once).
    pico_compactions: pico.compactions,
    pico_turns_per_compaction: +(done / Math.max(1, pico.compactions)).toFixed(1),
    pico_flash_life_turns: Math.round((done / Math.max(1, pico.compactions)) * ERASE_CYCLES),
    pico_storage_full: pico.full,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) benchFlashWear().then((r) => console.log(r));
