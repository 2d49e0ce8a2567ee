import { describe, expect, it } from 'vitest';
import { buildTeamsCsv, csvCell, mainPlayerCount, neutraliseCell, quoteCell, teamsCsvFileName, toCsv, type ExportTeam } from '../../src/shared/csv-export';

const isoDate = (iso: string) => iso.slice(0, 10);

function team(overrides: Partial<ExportTeam> = {}): ExportTeam {
  return {
    name: 'Night Owls',
    captainDiscord: 'owlcap',
    captainRiotId: 'Owl#EUW',
    createdAt: '2026-11-20T12:00:00.000Z',
    paymentStatus: 'completed',
    players: [
      { riotId: 'Owl#EUW', role: 'Captain' },
      { riotId: 'Two#EUW', role: 'Player' },
      { riotId: 'Three#EUW', role: 'Player' },
      { riotId: 'Four#EUW', role: 'Player' },
      { riotId: 'Five#EUW', role: 'Player' },
    ],
    substitutes: [{ riotId: 'Sub#EUW' }],
    ...overrides,
  };
}

describe('cells', () => {
  it('neutralises cells that start with =, +, -, @ (and tab or CR)', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(neutraliseCell('Team = good')).toBe('Team = good');
    expect(neutraliseCell('')).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(quoteCell('plain')).toBe('plain');
    expect(quoteCell('a,b')).toBe('"a,b"');
    expect(quoteCell('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCell('two\nlines')).toBe('"two\nlines"');
    expect(quoteCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('neutralises before quoting', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('-1,5')).toBe(`"'-1,5"`);
    // A plain number stays a number: a negative amount is not a formula.
    expect(csvCell('-2.64')).toBe('-2.64');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-2.64+1')).toBe(`'-2.64+1`);
    expect(csvCell('-1e3')).toBe(`'-1e3`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(7)).toBe('7');
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(toCsv([['a', 'b'], ['c', 'd']])).toBe('a,b\r\nc,d\r\n');
  });
});

describe('buildTeamsCsv', () => {
  it('writes the team export header and one row per team', () => {
    const csv = buildTeamsCsv([team()], isoDate);
    const [header, row, end] = csv.split('\r\n');
    expect(header).toBe(
      'Team Name,Captain Discord,Captain Riot ID,Registration Date,Payment Status,Total Main Players,Total Subs,' +
        'Player 1 Riot ID,Player 1 Role,Player 2 Riot ID,Player 2 Role,Player 3 Riot ID,Player 3 Role,Player 4 Riot ID,Player 4 Role,Player 5 Riot ID,Player 5 Role,' +
        'Substitute 1 Riot ID,Captain Email,Consent',
    );
    expect(row).toBe(
      'Night Owls,owlcap,Owl#EUW,2026-11-20,completed,5,1,Owl#EUW,Captain,Two#EUW,Player,Three#EUW,Player,Four#EUW,Player,Five#EUW,Player,Sub#EUW,,Not recorded',
    );
    expect(end).toBe('');
  });

  it('pads shorter rosters so every row has as many cells as the header', () => {
    const csv = buildTeamsCsv([team({ substitutes: [] }), team({ name: 'Two Subs', substitutes: [{ riotId: 'A#1' }, { riotId: 'B#2' }] })], isoDate);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0].endsWith('Substitute 1 Riot ID,Substitute 2 Riot ID,Captain Email,Consent')).toBe(true);
    expect(lines[1].endsWith(',Five#EUW,Player,,,,Not recorded')).toBe(true);
    expect(lines[1]).toContain(',5,0,');
    expect(lines[2].endsWith(',A#1,B#2,,Not recorded')).toBe(true);
    for (const line of lines) expect(line.split(',')).toHaveLength(lines[0].split(',').length);
  });

  it('neutralises and quotes hostile team data', () => {
    const csv = buildTeamsCsv([team({ name: '=cmd|" /C calc"!A0', captainDiscord: '@owner', captainRiotId: '+Cap, Jr#EUW' })], isoDate);
    const row = csv.split('\r\n')[1];
    expect(row.startsWith(`"'=cmd|"" /C calc""!A0",'@owner,"'+Cap, Jr#EUW",`)).toBe(true);
  });

  it('uses the en-US short date by default', () => {
    const row = buildTeamsCsv([team()]).split('\r\n')[1];
    expect(row).toContain(',"Nov 20, 2026",');
  });

  it('writes only the header when there are no teams', () => {
    expect(buildTeamsCsv([])).toBe('Team Name,Captain Discord,Captain Riot ID,Registration Date,Payment Status,Total Main Players,Total Subs,Captain Email,Consent\r\n');
  });

  it("gives the captain's e-mail when there is one", () => {
    expect(buildTeamsCsv([team({ captainEmail: 'cap@owls.example' })], isoDate).split('\r\n')[1].endsWith(',Sub#EUW,cap@owls.example,Not recorded')).toBe(true);
  });

  it('says in its last column what consent the captain gave', () => {
    const given = { termsAcceptedAt: '2026-11-20T10:00:00.000Z', termsVersion: '869e1580c51f', ageConfirmedAt: '2026-11-20T10:00:00.000Z' };
    expect(buildTeamsCsv([team({ consent: given })], isoDate).split('\r\n')[1].endsWith(',Sub#EUW,,"Terms 869e1580c51f and ages, 2026-11-20"')).toBe(true);
    const termsOnly = { ...given, ageConfirmedAt: null };
    expect(buildTeamsCsv([team({ consent: termsOnly })], isoDate).split('\r\n')[1].endsWith(',"Terms 869e1580c51f, 2026-11-20"')).toBe(true);
  });

  it('counts the captain once among the main players', () => {
    expect(mainPlayerCount(team())).toBe(5);
    expect(mainPlayerCount({ players: [{ riotId: 'x', role: 'Player' }] })).toBe(2);
  });
});

describe('teamsCsvFileName', () => {
  it('slugs the tournament name and adds the date', () => {
    expect(teamsCsvFileName('Winter Clash 2026!', new Date('2026-12-01T10:00:00Z'))).toBe('teams-winter-clash-2026-2026-12-01.csv');
    expect(teamsCsvFileName('***', new Date('2026-12-01T10:00:00Z'))).toBe('teams-tournament-2026-12-01.csv');
  });
});

describe('finance CSV', () => {
  it('writes a negative net as a number a spreadsheet adds up, not as text', async () => {
    const { buildFinanceCsv } = await import('../../src/shared/finance-csv.js');
    const csv = buildFinanceCsv({
      tournamentId: 't',
      tournamentName: 'Cup',
      currency: 'USD',
      feesSimulated: false,
      totals: { gross: 1000, fees: 264, refunds: 1000, net: -264 },
      payments: [],
      refunds: [],
    });
    expect(csv.trimEnd().split('\r\n').at(-1)).toBe('Net,,,,-2.64,USD,,,,');
  });
});
