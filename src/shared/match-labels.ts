import type { VetoLogEntry } from './schemas/match.js';

/** A match's words and fixed lists, without zod: the islands that show a match import these (src/shared/schemas/match.ts re-exports them). */
export const mapSides = ['attack', 'defense'] as const;
export type MapSide = (typeof mapSides)[number];
export const mapSideLabels: Record<MapSide, string> = { attack: 'Attack', defense: 'Defense' };

export const matchStatuses = ['waiting', 'veto', 'live', 'finished'] as const;
export type MatchStatus = (typeof matchStatuses)[number];
export const matchStatusLabels: Record<MatchStatus, string> = {
  waiting: 'Waiting for teams',
  veto: 'Map veto',
  live: 'Live',
  finished: 'Finished',
};

/** What the site did when a team's turn ran out, said after the entry's line (the match pages and the Discord channel). */
export const vetoAutoNotes: Record<VetoLogEntry['action'], string> = {
  ban: ' (time ran out: banned by the site)',
  pick: ' (time ran out: picked by the site)',
  side: ' (time ran out: chosen by the site)',
  order: ' (time ran out: chosen by the site)',
  coin: '',
  decider: '',
};
