import type { GameDef } from '../../engine/types';
import type { PvState } from './types';
import { legalActions } from './legal-actions';
import { applyPechvogel } from './rules';
import { setupPechvogel, pechvogelFromGiven } from './setup';
import { pechvogelView } from './view';

export const pechvogel: GameDef<PvState> = {
  id: 'pechvogel',
  setup: setupPechvogel,
  fromGiven: pechvogelFromGiven,
  apply: (s, a) => applyPechvogel(s, a),
  view: pechvogelView,
  legalActions: legalActions,
};
