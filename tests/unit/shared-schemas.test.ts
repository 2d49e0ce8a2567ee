import { describe, expect, it } from 'vitest';
import { isObjectPath } from '../../src/shared/schemas/common.js';
import { normalizeName, registrationFormSchema } from '../../src/shared/schemas/team.js';
import { newTournamentSchema, tournamentInputSchema } from '../../src/shared/schemas/tournament.js';

const formValues = {
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
    const parsed = registrationFormSchema.parse(formValues);
    expect(parsed.player2RiotId).toBe('Jos\u00e9#EUW');
    expect(parsed.sub1RiotId).toBe('');
    const invisible = registrationFormSchema.safeParse({ ...formValues, player3RiotId: '\u200B\u200B\u200B', teamName: '\u200B\u200B\u200B' });
    expect(invisible.success).toBe(false);
    expect(invisible.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['teamName', 'Team name must be at least 3 characters'],
      ['player3RiotId', 'Player 3 Riot ID is required'],
    ]);
  });

  it('needs both consent boxes ticked, each with what is missing', () => {
    const unticked = registrationFormSchema.safeParse({ ...formValues, acceptedTerms: false, ageConfirmed: false });
    expect(unticked.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['acceptedTerms', 'Accept the Terms of Service, the rules and the Refund Policy to continue'],
      ['ageConfirmed', "Confirm the players' ages to continue"],
    ]);
  });
});

describe('Riot ID form', () => {
  const form = 'Riot ID must look like Name#TAG: a name of 3 to 16 characters, # and a tag of 3 to 5 letters or digits';
  const issuesOf = (values: Record<string, unknown>) =>
    registrationFormSchema.safeParse({ ...formValues, ...values }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it("accepts Riot's name#tag and nothing else, with the field's label", () => {
    for (const riotId of ['Abc#EUW', 'Sixteen Letters!#12345', 'Jos\u00e9#K0R', 'Owl#1234']) expect(issuesOf({ player2RiotId: riotId }), riotId).toEqual([]);
    for (const riotId of ['NoTag', 'Ab#EUW', 'SeventeenLetters1#EUW', 'Owl#EU', 'Owl#EUWEST', 'Owl#E_W', '#EUW']) {
      expect(issuesOf({ player2RiotId: riotId }), riotId).toEqual([['player2RiotId', `Player 2 ${form}`]]);
    }
    expect(issuesOf({ captainRiotId: 'Captain' })).toEqual([['captainRiotId', `Captain ${form}`]]);
    expect(issuesOf({ sub2RiotId: 'Sub' })).toEqual([['sub2RiotId', `Substitute 2 ${form}`]]);
  });

  it("keeps the plain 'Riot ID is required' message for an empty or too short Riot ID", () => {
    expect(issuesOf({ player2RiotId: '' })).toEqual([['player2RiotId', 'Player 2 Riot ID is required']]);
    expect(issuesOf({ player2RiotId: 'ab' })).toEqual([['player2RiotId', 'Player 2 Riot ID is required']]);
    expect(issuesOf({ sub1RiotId: '' })).toEqual([]);
  });
});

describe('tournament form', () => {
  const dates = { name: 'Cup', format: '5v5', prizePool: '10', entryFee: '5', currency: 'USD', maxTeams: 8 };

  it('refuses a tournament date before the registration close', () => {
    const result = tournamentInputSchema.safeParse({ ...dates, registrationCloses: '2031-01-02T10:00', tournamentDate: '2031-01-01T10:00' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['tournamentDate', 'The tournament date must not be before the registration close']]);
  });

  it('refuses a past close date on a new tournament only', () => {
    const now = () => new Date('2031-01-01T12:00:00Z');
    const values = { ...dates, registrationCloses: '2031-01-01T11:00:00Z', tournamentDate: '2031-01-03T10:00:00Z' };
    expect(newTournamentSchema(now).safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['registrationCloses', 'Registration must close in the future'],
    ]);
    expect(tournamentInputSchema.safeParse(values).success).toBe(true);
    expect(newTournamentSchema(now).safeParse({ ...values, registrationCloses: '2031-01-02T00:00:00Z' }).success).toBe(true);
  });

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
