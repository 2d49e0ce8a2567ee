import { msg } from './i18n/msg.js';

/** A bracket's formats and their names, without zod: the bracket island imports these (src/shared/schemas/bracket.ts re-exports them). */
export const bracketFormats = ['single_elimination', 'double_elimination', 'round_robin', 'swiss'] as const;
export type BracketFormat = (typeof bracketFormats)[number];
export const playoffFormats = ['single_elimination', 'double_elimination'] as const;
export type PlayoffFormat = (typeof playoffFormats)[number];

export const bracketFormatLabels: Record<BracketFormat, string> = {
  single_elimination: msg('Single elimination'),
  double_elimination: msg('Double elimination'),
  round_robin: msg('Round-robin groups'),
  swiss: msg('Swiss'),
};
