/**
 * The mirror's note when staff open a kiosk board's console for flashing (staff menu, K4 held).
 * The terminal cuts a note at its edge: how to play on comes first, whatever the port's length
 * (the red line above it says how to flash, terminal-view.ts).
 */
export function flashingNote(port: string): string {
  return `To play on: restart the board or wait 5 min (${port} is open for flashing: staff menu, K4 held). To flash: stop this mirror, then \`dicetray flash -p ${port} --unlock PASSWORD\``;
}
