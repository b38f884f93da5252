/** The game names `odds` and `simulate` take, as a teacher types them (the scenario files' spellings too). */
import { describe, expect, it } from 'vitest';
import { parseGame } from '../../host/src/commands/classroom-options';

describe('classroom game names', () => {
  it('take the box titles with their punctuation', () => {
    expect(['Pechvogel', undefined].map(parseGame)).toEqual(['pechvogel', 'pechvogel']);
    expect(['seventh_dwarf', 'The 7th Dwarf', '7th-dwarf'].map(parseGame)).toEqual(['seventh_dwarf', 'seventh_dwarf', 'seventh_dwarf']);
    expect(["That's Life!", 'thats_life', 'Verflixxt!', 'verflixxt'].map(parseGame)).toEqual(['thats_life', 'thats_life', 'thats_life', 'thats_life']);
    expect(() => parseGame('Zocken')).toThrow(/unknown game "Zocken"/);
  });
});
