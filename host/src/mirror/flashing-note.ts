/**
 * The mirror's note when staff open a kiosk board's console for flashing (staff menu, K4 held).
 * How to play on comes first: on a short terminal a note loses its last lines (mirror-screen.ts),
 * and the red line above it says how to flash (terminal-view.ts).
 */
export function flashingNote(port: string): string {
  return `To play on: restart the board or wait 5 min (${port} is open for flashing: staff menu, K4 held). To flash: stop this mirror, then \`dicetray flash -p ${port} --unlock PASSWORD\``;
}
