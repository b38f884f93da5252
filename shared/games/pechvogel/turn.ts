import type { PvTurn } from './types';

export function emptyTurn(): PvTurn {
  return {
    target: null,
    targets: 0,
    ravens: 0,
    reduce_used: false,
    frustrate_used: false,
    frustraters: [],
    last: null,
    reroll: 0,
    reroll_by: null,
    first_faces: null,
  };
}
