/**
 * Flash wear: Storage bytes the firmware writes per turn over random games on the simulated
 * board (same bundle, same journal code), and the flash life that follows for a Pico.
 */
import { freshSimRunner } from '../support/sim-runner';
import { legalActions } from '../../shared/games/pechvogel/legal-actions';
import { mulberry32 } from '../support/random';

/** STM32F4 flash endurance from the datasheet (not measured here). */
const ERASE_CYCLES = 10_000;
const PICO_STORAGE = 48 * 1024;

export async function benchFlashWear(turns = 400): Promise<Record<string, number | string>> {
  const { board, runner, code, files } = await freshSimRunner();
  const rand = mulberry32(99);
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
  };
}

if (import.meta.url === `file://${process.argv[1]}`) benchFlashWear().then((r) => console.log(r));
