import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from '../../src/server/discord/announcer.js';
import { channelTexts } from '../../src/server/discord/match-channel-texts.js';
import { vetoState, type VetoSetup } from '../../src/shared/match/veto.js';
import type { VetoLogEntry } from '../../src/shared/schemas/match.js';

const origin = 'https://cup.example';
const names = new Map([
  ['a', 'Alpha_Wolves'],
  ['b', 'Night *Owls*'],
]);
const at = '2026-11-26T10:00:00.000Z';
const setup: VetoSetup = {
  bestOf: 1,
  pool: ['Ascent', 'Bind', 'Haven'],
  team1Id: 'a',
  team2Id: 'b',
  team1Seed: 1,
  team2Seed: 2,
  openedAt: new Date(at),
  turnSeconds: 60,
};
const entry = (fields: Partial<VetoLogEntry>): VetoLogEntry => ({ action: 'ban', teamId: 'a', auto: false, at, ...fields });

describe('escaping user text for Discord', () => {
  it.each([
    ['# Heading Cup', '\\# Heading Cup'],
    ['-# Small Print', '\\-# Small Print'],
    ['- Listed', '\\- Listed'],
    ['1. First', '1\\. First'],
    ['> Quoted', '\\> Quoted'],
    ['<@123456789012345678>', '\\<@123456789012345678\\>'],
    ['<@&123456789012345678>', '\\<@&123456789012345678\\>'],
    ['<#123456789012345678>', '\\<#123456789012345678\\>'],
    ['<t:1700000000:R>', '\\<t:1700000000:R\\>'],
    ['*Bold* _it_ ~~s~~ `c` ||sp|| [l](u)', '\\*Bold\\* \\_it\\_ \\~\\~s\\~\\~ \\`c\\` \\|\\|sp\\|\\| \\[l\\](u)'],
  ])('shows %s as written', (text, escaped) => {
    expect(escapeMarkdown(text)).toBe(escaped);
  });

  it('leaves the same characters alone inside a line, where Discord does not read them', () => {
    expect(escapeMarkdown('Team #1 - Wolves 2. Div')).toBe('Team #1 - Wolves 2. Div');
  });
});

describe('what a match channel says', () => {
  it('escapes the markdown in team names and links the team page of whose turn it is', () => {
    const log = [entry({ action: 'order', order: 'second' })];
    expect(channelTexts.vetoStep(log[0]!, vetoState(setup, log), names, origin)).toBe(
      'Alpha\\_Wolves lets Night \\*Owls\\* start the veto.\nNight \\*Owls\\*: ban a map on your team page, https://cup.example/team/b',
    );
  });

  it('says what the site chose when a turn ran out, and the maps once the veto is done', () => {
    const log = [entry({ action: 'order', order: 'first' }), entry({ action: 'ban', map: 'Ascent', auto: true }), entry({ action: 'ban', teamId: 'b', map: 'Bind' })];
    expect(channelTexts.vetoStep(log[1]!, vetoState(setup, log.slice(0, 2)), names, origin)).toBe(
      'Alpha\\_Wolves bans Ascent (time ran out: banned by the site).\nNight \\*Owls\\*: ban a map on your team page, https://cup.example/team/b',
    );
    const decided = [...log, entry({ action: 'decider', teamId: null, map: 'Haven' }), entry({ action: 'side', teamId: 'b', map: 'Haven', side: 'defense', auto: true })];
    expect(channelTexts.vetoStep(decided[4]!, vetoState(setup, decided), names, origin)).toBe(
      'Night \\*Owls\\* starts on Defense on Haven (time ran out: chosen by the site).\nThe veto is done. Maps: Haven.',
    );
  });

  it('gives the time and the veto in the first message, the match page last', () => {
    expect(
      channelTexts.greeting({ names, team1Id: 'a', team2Id: 'b', startsAt: new Date(at), veto: vetoState(setup, []), matchId: 'm1', origin }),
    ).toBe(
      [
        'Alpha\\_Wolves vs Night \\*Owls\\*',
        `Time: <t:${Date.parse(at) / 1000}:f>`,
        'Map veto: Alpha\\_Wolves: choose whether to start the veto on your team page, https://cup.example/team/a',
        'Match page: https://cup.example/matches/m1',
      ].join('\n'),
    );
    expect(channelTexts.greeting({ names, team1Id: 'a', team2Id: 'b', startsAt: null, veto: 'none', matchId: 'm1', origin })).toBe(
      'Alpha\\_Wolves vs Night \\*Owls\\*\nMatch page: https://cup.example/matches/m1',
    );
  });
});
