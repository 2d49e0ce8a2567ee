import { describe, expect, it } from 'vitest';
import { isObjectPath } from '../../src/shared/schemas/common.js';
import { normalizeName, registrationFormSchema } from '../../src/shared/schemas/team.js';
import { tournamentInputSchema } from '../../src/shared/schemas/tournament.js';

const form = {
  teamName: 'Night Owls',
  logoFile: null,
  captainDiscord: 'owlcap',
  captainRiotId: 'Owl#EUW',
  player2RiotId: 'Jose\u0301#EUW',
  player3RiotId: 'Three#EUW',
  player4RiotId: 'Four#EUW',
  player5RiotId: 'Five#EUW',
  sub1RiotId: '\u200B',
  acceptedTerms: true,
  ageConfirmed: true,
};

describe('Riot ID and team name normalisation', () => {
  it('removes format characters, composes and trims', () => {
    expect(normalizeName('Jose\u0301#EUW')).toBe('Jos\u00e9#EUW');
    expect(normalizeName(' \uFEFFJo\u200Bs\u00e9\u202E#EUW\u200D ')).toBe('Jos\u00e9#EUW');
    // A combining mark separated from its letter by a zero-width space still composes.
    expect(normalizeName('Jose\u200B\u0301')).toBe('Jos\u00e9');
    expect(normalizeName('\u200B\u200C\u2060')).toBe('');
  });

  it('gives the registration form the same values and messages as the server', () => {
    const parsed = registrationFormSchema.parse(form);
    expect(parsed.player2RiotId).toBe('Jos\u00e9#EUW');
    expect(parsed.sub1RiotId).toBe('');
    const invisible = registrationFormSchema.safeParse({ ...form, player3RiotId: '\u200B\u200B\u200B', teamName: '\u200B\u200B\u200B' });
    expect(invisible.success).toBe(false);
    expect(invisible.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['teamName', 'Team name must be at least 3 characters'],
      ['player3RiotId', 'Player 3 Riot ID is required'],
    ]);
  });

  it('needs both consent boxes ticked, each with what is missing', () => {
    const unticked = registrationFormSchema.safeParse({ ...form, acceptedTerms: false, ageConfirmed: false });
    expect(unticked.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['acceptedTerms', 'Accept the Terms of Service, the rules and the Refund Policy to continue'],
      ['ageConfirmed', "Confirm the players' ages to continue"],
    ]);
  });
});

describe('tournament form', () => {
  it('reports an entry fee that is not an amount instead of throwing', () => {
    for (const entryFee of ['abc', '25.999', '-5', '1e3']) {
      const result = tournamentInputSchema.safeParse({ name: 'Cup', format: '5v5', prizePool: '10', entryFee, currency: 'USD', maxTeams: 8, registrationCloses: '2031-01-01T10:00', tournamentDate: '2031-01-02T10:00' });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['entryFee', 'Enter an amount like 25 or 25.00']]);
    }
  });
});

describe('object paths', () => {
  it('accept the keys the upload code makes and nothing that can walk a path', () => {
    expect(isObjectPath('/objects/logos/0123456789abcdef0123456789abcdef.webp')).toBe(true);
    expect(isObjectPath('/objects/logos/0123456789abcdef0123456789abcdef.png')).toBe(true);
    for (const path of ['/objects/../x', '/objects/logos/..', '/objects/./x', '/objects//x', '/objects/a\\b', '/objects/%2e%2e/x', '/objects/', '/objects/a/', '/other/x.png', '/objects/.hidden']) {
      expect(isObjectPath(path), path).toBe(false);
    }
  });
});
