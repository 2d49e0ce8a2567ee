import type { VetoLogEntry } from './schemas/match.js';
import { msg } from './i18n/msg.js';

/** A match's words and fixed lists, without zod: the islands that show a match import these (src/shared/schemas/match.ts re-exports them). */
export const mapSides = ['attack', 'defense'] as const;
export type MapSide = (typeof mapSides)[number];
export const mapSideLabels: Record<MapSide, string> = { attack: msg('Attack'), defense: msg('Defense') };

export const matchStatuses = ['waiting', 'veto', 'live', 'finished'] as const;
export type MatchStatus = (typeof matchStatuses)[number];
export const matchStatusLabels: Record<MatchStatus, string> = {
  waiting: msg('Waiting for teams'),
  veto: msg('Map veto'),
  live: msg('Live'),
  finished: msg('Finished'),
};

/** What the site did when a team's turn ran out, said after the entry's line (the match pages and the Discord channel). */
export const vetoAutoNotes: Record<VetoLogEntry['action'], string> = {
  ban: msg(' (time ran out: banned by the site)'),
  pick: msg(' (time ran out: picked by the site)'),
  side: msg(' (time ran out: chosen by the site)'),
  order: msg(' (time ran out: chosen by the site)'),
  coin: '',
  decider: '',
};
