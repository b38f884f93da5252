import type { GameDef } from '../../engine/types';
import type { TlState } from './types';
import { legalActions } from './legal-actions';
import { applyThatsLife } from './rules';
import { setupThatsLife, thatsLifeFromGiven } from './setup';
import { thatsLifeView } from './view';

export const thatsLife: GameDef<TlState> = {
  id: 'thats_life',
  setup: setupThatsLife,
  fromGiven: thatsLifeFromGiven,
  apply: (s, a) => applyThatsLife(s, a),
  view: thatsLifeView,
  legalActions: legalActions,
};
