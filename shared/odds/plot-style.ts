/**
 * What every classroom plot is drawn with. A 16:9 picture that a browser scales to the window
 * (1600 × 900 units: 1.2 px a unit full-screen at 1920 × 1080, 0.8 at 1280 × 720); text at least
 * 24 units, 2.7 % of the height (about 3 cm on a 2 m wide projection, read from the back of a
 * classroom), lines 3–4 units.
 */
export const PLOT_STYLE = {
  width: 1600,
  height: 900,
  /** Arial's metrics are what textWidth estimates; Liberation Sans has the same. */
  font: "Arial, 'Liberation Sans', Helvetica, sans-serif",
  /** Axes, ticks, labels, keys. */
  text: 26,
  title: 32,
  caption: 24,
  /** Text, and the axes' frame. */
  ink: '#222',
  /** The card names, the caption: secondary, still 7:1 against white. */
  muted: '#555',
  grid: '#d9d9d9',
  /** The simulation's lines, and the dashed exact values beside them. */
  line: 4,
  exactLine: 3,
  /** The keys' dashed samples are 14 + 9 + 14 long: two whole dashes. */
  dash: '14 9',
} as const;
