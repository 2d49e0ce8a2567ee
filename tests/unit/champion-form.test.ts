import { describe, expect, it } from 'vitest';
import { championFormSchema, emptyChampion, toChampionInput } from '../../src/web/pages/admin/champions/champion-form-schema.js';

describe('champion form payload', () => {
  it('sends empty tournament and team ids as absent, and player rows as names', () => {
    const values = championFormSchema.parse({
      ...emptyChampion,
      teamName: 'Night Owls',
      tournamentName: 'Autumn Cup',
      tournamentDate: '2026-10-01',
      playerNames: [{ value: 'Ace' }, { value: 'Blaze' }],
    });
    const payload = toChampionInput(values);
    expect(payload).not.toHaveProperty('tournamentId');
    expect(payload).not.toHaveProperty('teamId');
    expect(payload.playerNames).toEqual(['Ace', 'Blaze']);
    expect(JSON.stringify(payload)).not.toContain('"tournamentId"');
  });

  it('keeps ids that are set', () => {
    const id = '11111111-1111-4111-8111-111111111111';
    const values = championFormSchema.parse({ ...emptyChampion, tournamentId: id, teamName: 'X', tournamentName: 'Y', tournamentDate: '2026-10-01', playerNames: [{ value: 'A' }] });
    expect(toChampionInput(values)).toMatchObject({ tournamentId: id });
  });
});
