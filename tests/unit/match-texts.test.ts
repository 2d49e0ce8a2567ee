import { describe, expect, it } from 'vitest';
import { isKnownPage, isMatchPage, isServerRendered, matchIdOf, matchPath } from '../../src/shared/paths.js';
import { matchMetaOf, metaOf } from '../../src/shared/page-meta.js';
import { createTranslator } from '../../src/shared/i18n/translator.js';
import type { BracketMatch } from '../../src/shared/schemas/bracket.js';
import type { VetoLogEntry } from '../../src/shared/schemas/match.js';
import { winnerScoreText } from '../../src/web/components/bracket/match-card.js';
import { seriesScoreText, settledMapLine, timeLeftText, vetoLogLine, vetoTurnLine, yourTurnLine } from '../../src/web/components/match/match-texts.js';
import { currentMatchOf, lastMatchOf } from '../../src/web/pages/team/your-match-card.js';

/** The texts take the page's translating function: here English, as the code writes it. */
const t = createTranslator('en', {});
const names = { team1Id: 'a', team1Name: 'Alpha Wolves', team2Id: 'b', team2Name: 'Bravo Squad' };
const at = '2026-11-26T10:00:00.000Z';
const entry = (fields: Partial<VetoLogEntry>): VetoLogEntry => ({ action: 'ban', teamId: 'a', auto: false, at, ...fields });

describe('veto log lines', () => {
  it('says who did what, the decider, the sides and the order', () => {
    expect(vetoLogLine(names, entry({ action: 'coin', teamId: 'b', auto: true }), t)).toBe('Equal seeds: Bravo Squad won the coin toss');
    expect(vetoLogLine(names, entry({ action: 'order', order: 'first' }), t)).toBe('Alpha Wolves chose to start the veto');
    expect(vetoLogLine(names, entry({ action: 'order', order: 'second' }), t)).toBe('Alpha Wolves let Bravo Squad start the veto');
    expect(vetoLogLine(names, entry({ action: 'ban', map: 'Ascent' }), t)).toBe('Alpha Wolves banned Ascent');
    expect(vetoLogLine(names, entry({ action: 'pick', teamId: 'b', map: 'Bind' }), t)).toBe('Bravo Squad picked Bind');
    expect(vetoLogLine(names, entry({ action: 'side', teamId: 'a', map: 'Bind', side: 'defense' }), t)).toBe('Alpha Wolves starts on Defense on Bind');
    expect(vetoLogLine(names, entry({ action: 'decider', teamId: null, map: 'Haven' }), t)).toBe('Haven is the decider');
  });

  it('marks what the site chose when a turn ran out', () => {
    expect(vetoLogLine(names, entry({ action: 'pick', map: 'Lotus', auto: true }), t)).toBe('Alpha Wolves picked Lotus (time ran out: picked by the site)');
    expect(vetoLogLine(names, entry({ action: 'ban', map: 'Lotus', auto: true }), t)).toBe('Alpha Wolves banned Lotus (time ran out: banned by the site)');
    expect(vetoLogLine(names, entry({ action: 'side', map: 'Lotus', side: 'attack', auto: true }), t)).toBe('Alpha Wolves starts on Attack on Lotus (time ran out: chosen by the site)');
  });

  it("says them in the page's language", () => {
    const es = createTranslator('es', {
      '{team} banned {map}': '{team} baneó {map}',
      '{line} (time ran out: banned by the site)': '{line} (se acabó el tiempo: baneado por el sitio)',
      '{time} left': 'Quedan {time}',
    });
    expect(vetoLogLine(names, entry({ action: 'ban', map: 'Lotus', auto: true }), es)).toBe('Alpha Wolves baneó Lotus (se acabó el tiempo: baneado por el sitio)');
    expect(timeLeftText(new Date(Date.parse(at) + 90_000).toISOString(), Date.parse(at), es)).toBe('Quedan 1:30');
  });

  it('says whose turn it is, to everyone and to the captain', () => {
    const next = { action: 'side' as const, teamId: 'b', deadline: at, map: 'Bind' };
    expect(vetoTurnLine(names, next, t)).toBe('Bravo Squad chooses a starting side on Bind');
    expect(yourTurnLine(next, t)).toBe('Your turn: choose your starting side on Bind');
    expect(vetoTurnLine(names, { ...next, action: 'ban', map: undefined }, t)).toBe('Bravo Squad bans a map');
    expect(yourTurnLine({ ...next, action: 'order', map: undefined }, t)).toBe('Your turn: choose whether to start the veto');
  });

  it('counts the time left down to the second, then says the site chooses', () => {
    const now = Date.parse(at);
    expect(timeLeftText(new Date(now + 90_000).toISOString(), now, t)).toBe('1:30 left');
    expect(timeLeftText(new Date(now + 8_200).toISOString(), now, t)).toBe('0:09 left');
    expect(timeLeftText(at, now, t)).toBe('Time is up: the site chooses');
  });

  it('says a settled map and the series score', () => {
    expect(settledMapLine(names, { map: 'Bind', pickedByTeamId: 'a', side: { teamId: 'b', side: 'attack' } }, t)).toBe('picked by Alpha Wolves; Bravo Squad starts on Attack');
    expect(settledMapLine(names, { map: 'Haven', pickedByTeamId: null, side: null }, t)).toBe('decider');
    expect(seriesScoreText({ seriesScore: { team1: 2, team2: 1 } })).toBe('2–1');
  });
});

describe('the match page', () => {
  it('has its path, is known and rendered by the server', () => {
    expect(matchPath('m1')).toBe('/matches/m1');
    expect(isMatchPage('/matches/m1')).toBe(true);
    expect(isMatchPage('/matches')).toBe(false);
    expect(isKnownPage('/matches/m1')).toBe(true);
    expect(isServerRendered('/matches/m1/')).toBe(true);
    expect(matchIdOf('/matches/m%201')).toBe('m 1');
    expect(matchIdOf('/bracket')).toBeUndefined();
    expect(metaOf('/matches/m1')?.title).toBe('Match');
  });

  it('is titled by its teams for link previews', () => {
    expect(matchMetaOf({ ...names, label: 'Final', tournamentName: 'Winter Cup', bestOf: 3 })).toEqual({
      title: 'Alpha Wolves vs Bravo Squad',
      description: 'Winter Cup, Final, best of 3: the map veto, each map’s rounds and the series score.',
    });
  });
});

const bracketMatch = (fields: Partial<BracketMatch>): BracketMatch => ({
  id: 'm',
  key: 'r1m1',
  team1Id: 'a',
  team1Name: 'Alpha Wolves',
  team1LogoUrl: null,
  team2Id: 'b',
  team2Name: 'Bravo Squad',
  team2LogoUrl: null,
  winnerTeamId: null,
  isBye: false,
  score: null,
  ...fields,
});

describe('the bracket', () => {
  it("says a series winner's score winner first, a forfeit as FF, a best of one's free-text score", () => {
    expect(winnerScoreText(bracketMatch({ bestOf: 3, winnerTeamId: 'b', team1Maps: 1, team2Maps: 2 }))).toBe('2–1');
    expect(winnerScoreText(bracketMatch({ bestOf: 3, winnerTeamId: 'a', forfeit: true }))).toBe('FF');
    expect(winnerScoreText(bracketMatch({ bestOf: 1, winnerTeamId: 'a', team1Maps: 1, team2Maps: 0, score: '13-7' }))).toBe('13-7');
    expect(winnerScoreText(bracketMatch({ bestOf: 1, winnerTeamId: 'a' }))).toBe('');
  });

  it("finds a team's current match: with the team, not a bye, no winner", () => {
    const bracket = {
      tournamentId: 't',
      seeding: 'registration' as const,
      rounds: [
        { number: 1, name: 'Semi-finals', matches: [bracketMatch({ id: 'won', winnerTeamId: 'a' }), bracketMatch({ id: 'bye', team1Id: 'c', team2Id: null, isBye: true })] },
        { number: 2, name: 'Final', matches: [bracketMatch({ id: 'final', team2Id: 'c' })] },
      ],
      isComplete: false,
      confirmedAt: null,
      championTeamId: null,
    };
    expect(currentMatchOf(bracket, 'a')?.id).toBe('final');
    expect(currentMatchOf(bracket, 'c')?.id).toBe('final');
    expect(currentMatchOf(bracket, 'b')).toBeNull();
    expect(currentMatchOf(null, 'a')).toBeNull();
    // Its last decided match stays on the card once none is left to play.
    expect(lastMatchOf(bracket, 'b')?.id).toBe('won');
    expect(lastMatchOf(bracket, 'a')?.id).toBe('won');
    expect(lastMatchOf(bracket, 'c')).toBeNull();
    expect(lastMatchOf(null, 'a')).toBeNull();
  });
});
