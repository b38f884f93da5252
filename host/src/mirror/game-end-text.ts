/**
 * Why the board ended a game to set-up, in the words of the mirror's note and the sim's line (the
 * board's `new` line carries `why`; firmware before it, and a set-up's own end, carry none).
 */
export function gameEndText(why: string | undefined): string {
  if (why === 'staff') return 'game ended by staff (K3 in the staff menu): the table is back in set-up';
  if (why === 'idle') return 'game cleared: nobody pressed a button for the abandon time (dicetray config abandon=…); the table is back in set-up';
  if (why === 'storage_full') return "game ended: a new game found no room in the board's Storage (see dicetray flash --help); the table is back in set-up";
  return 'game cleared: the table is back in set-up';
}
