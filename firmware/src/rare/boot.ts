/** Boot: the boot counter (in hello, and part of the virtual dice seed) and the journaled game. */
import type { App } from '../app';
import { espruinoModule } from '../espruino-module';
import { loadJournal, type Replay, type Restored } from '../journal-load';

/** Counts the boot; returns the game to resume, replayed with the engine the app has (`step`). */
export function boot(app: App, step: Replay): Restored | null {
  const S = espruinoModule('Storage');
  // (A torn write leaves digits and junk: the count goes on from its digits, never NaN.)
  app.boots = (parseInt(S.read('dt.boots') as string) || 0) + 1;
  S.write('dt.boots', String(app.boots));
  const r = loadJournal(step);
  if (r) {
    // The journal carries on where it was: its lines' size, its checkpoint slot and counter.
    const j = app.journal;
    j.pending = r.pending;
    j.slot = r.slot;
    j.count = r.count;
  }
  return r;
}
