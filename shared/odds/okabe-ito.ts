/**
 * Okabe & Ito's colour-blind-safe palette, the colours the plots draw with: told apart with any
 * of the common colour vision deficiencies. Their yellow, orange and sky blue are left out: under
 * 3:1 against white, too faint for a line on a washed-out projection.
 */
export const OKABE_ITO = {
  blue: '#0072B2',
  vermillion: '#D55E00',
  green: '#009E73',
  purple: '#CC79A7',
  black: '#000000',
} as const;
