/**
 * How long the screens beside a table (terminal and big-screen page) keep showing a refusal.
 */
import type { MirrorUi } from '../mirror/mirror-model';

/**
 * How long the screens show a refusal after it came (host ms). Long enough to read from across
 * the room; not for good: a stray press at the end of a game would otherwise stay on the wall
 * until somebody presses again, which may be never.
 */
export const REFUSAL_SHOW_MS = 12_000;

/** Milliseconds left to show a refusal that came at `since` (0: no longer shown). */
export function refusalLeft(since: number, now: number): number {
  return Math.max(0, since + REFUSAL_SHOW_MS - now);
}

/**
 * When the refusal a table shows now came, for a screen that keeps it REFUSAL_SHOW_MS. A new code
 * comes with its ui line (its time is the line's); the same press refused again the same way
 * brings no new ui line (nothing in it changed), only the press, so a press while a refusal
 * shows starts its time again (a press that is taken clears it with the next ui line). The staff
 * menu changes nothing: its presses are the menu's, and leaving it repeats the game's ui line as
 * it was, old refusal and all.
 */
export class RefusalClock {
  private code = '';
  private at = 0;
  /** When the last press at the table came (none seen: never). */
  private pressAt = -Infinity;

  /** The table's ui as the model has it now (after every ui line, snapshot or redraw). */
  seen(ui: MirrorUi | null): void {
    if (!ui || ui.m === 'staff') return;
    if (!ui.err) this.code = '';
    else if (ui.err !== this.code) {
      this.code = ui.err;
      // Known from a snapshot only (a mirror restarted, a board plugged back in): the board keeps a
      // refusal until the next press, so it may be minutes old, and an unattended screen that
      // shows it as new sends players looking for a mistake nobody just made. It counts from the
      // last press seen (a ui line lost on the line: still shown), none seen: not shown; pressed
      // again and refused alike, it shows anew.
      this.at = ui.snap ? this.pressAt : ui.at;
    }
  }

  /** A button was pressed at the table (`ui`: the model's before that press's own ui line). */
  pressed(ui: MirrorUi | null, now: number): void {
    if (ui && ui.m === 'staff') return;
    this.pressAt = now;
    if (this.code && ui) this.at = now;
  }

  /** When the refusal in `ui` came (its ui line's time if this clock has not seen it). */
  since(ui: MirrorUi): number {
    this.seen(ui);
    return ui.err && ui.err === this.code ? this.at : ui.at;
  }
}
