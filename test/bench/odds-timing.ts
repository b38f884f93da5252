/**
 * 8. Classroom odds: how long the exact computations and the engine simulations take (Node),
 * the figures the README quotes for `dicetray odds` and `dicetray simulate`.
 */
import { toNumber } from '../../shared/odds/fraction';
import { turnOdds } from '../../shared/odds/pechvogel-odds';
import { turnMarkerWithReduce } from '../../shared/odds/pechvogel-reduce';
import { turnMarkerAgainstFrustrate } from '../../shared/odds/pechvogel-frustrate';
import { simulateTurns } from '../../shared/odds/pechvogel-simulate';
import { SeventhDwarfOdds } from '../../shared/odds/seventh-dwarf-odds';
import { simulateDwarfTurns } from '../../shared/odds/seventh-dwarf-simulate';

export interface OddsTiming {
  id: string;
  label: string;
  ms: number;
  note: string;
}

function timed(f: () => string): { ms: number; note: string } {
  const t0 = performance.now();
  const note = f();
  return { ms: performance.now() - t0, note };
}

export function benchOddsTiming(): OddsTiming[] {
  const out: OddsTiming[] = [];
  const add = (id: string, label: string, f: () => string) => out.push({ id, label, ...timed(f) });
  add('odds_pechvogel_exact', '8. exact Pechvogel turn odds (all states, first throw)', () => `marker ${toNumber(turnOdds('most').marker).toFixed(4)}`);
  add('odds_pechvogel_reduce', '8. exact marker chance with one reduce in hand', () => `${toNumber(turnMarkerWithReduce('most')).toFixed(4)}`);
  add('odds_pechvogel_frustrate', '8. exact marker chance against a denying frustration', () => `${toNumber(turnMarkerAgainstFrustrate('most')).toFixed(4)}`);
  add('odds_pechvogel_sim_100k', '8. engine simulation, 100,000 Pechvogel turns', () => {
    let m = 0;
    simulateTurns(100_000, 1, 'most', (t) => (m += t.marker ? 1 : 0));
    return `marker share ${(m / 100_000).toFixed(4)}`;
  });
  let dw: SeventhDwarfOdds | null = null;
  add('odds_dwarf_exact', '8. exact 7th Dwarf chance, best play (DP over the rows)', () => {
    dw = new SeventhDwarfOdds('best');
    return `${dw.chance().toFixed(4)} over ${dw.states.toLocaleString('en')} rows`;
  });
  add('odds_dwarf_sim_20k', '8. engine simulation, 20,000 7th Dwarf turns (best play)', () => {
    let k = 0;
    simulateDwarfTurns(20_000, 1, 'best', (s) => (k += s ? 1 : 0), dw!);
    return `success share ${(k / 20_000).toFixed(4)}`;
  });
  return out;
}
