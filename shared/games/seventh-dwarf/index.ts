import type { GameDef } from '../../engine/types';
import type { DwState } from './types';
import { legalActions } from './legal-actions';
import { applySeventhDwarf } from './rules';
import { setupSeventhDwarf, seventhDwarfFromGiven } from './setup';
import { seventhDwarfView } from './view';

export const seventhDwarf: GameDef<DwState> = {
  id: 'seventh_dwarf',
  setup: setupSeventhDwarf,
  fromGiven: seventhDwarfFromGiven,
  apply: (s, a) => applySeventhDwarf(s, a),
  view: seventhDwarfView,
  legalActions: legalActions,
};
