import { lookAlikeKey } from '../../shared/look-alike.js';
import { AppError } from '../http/errors.js';
import { withValues } from '../http/message-values.js';
import { msg } from '../../shared/i18n/msg.js';

/**
 * What a captain is told when a roster clashes, for registration and roster changes alike: which
 * field, why, and what to do. The path names the field of POST /api/teams
 * (`name`, `players.N.riotId`, `substitutes.N.riotId`) so the wizard can show it on that field.
 */

export const repeatedRiotIdMessage = msg('Each player must have a different Riot ID');

export const takenNameMessage = (name: string) =>
  withValues(msg('A team named "{name}" is already registered for this tournament. Choose another team name.'), { name });

export const takenRiotIdMessage = (riotId: string) =>
  withValues(
    msg(`Riot ID "{riotId}" is already on a team in this tournament. A player can play for one team only: check the Riot ID, or ask that team's captain to remove it.`),
    { riotId },
  );

/** The field of a roster entry: the 5 players (the captain first), then the substitutes. */
export function rosterFieldPath(index: number, mainPlayers: number): string {
  return index < mainPlayers ? `players.${index}.riotId` : `substitutes.${index - mainPlayers}.riotId`;
}

/** The second entry of a Riot ID that appears twice (or a look-alike of one: shared/look-alike.ts), or -1. */
export function repeatedRiotIdIndex(riotIds: string[]): number {
  const keys = riotIds.map(lookAlikeKey);
  return keys.findIndex((key, index) => keys.indexOf(key) !== index);
}

/** Where `key` (a taken Riot ID's look-alike key) is among the roster's Riot IDs, or -1. */
export function riotIdIndexOfKey(riotIds: string[], key: string): number {
  return riotIds.findIndex((id) => lookAlikeKey(id) === key);
}

export function repeatedRiotIdError(path: string): AppError {
  return new AppError('validation', repeatedRiotIdMessage, [{ path, message: repeatedRiotIdMessage }]);
}

export function takenNameError(name: string): AppError {
  const message = takenNameMessage(name);
  return new AppError('conflict', message, [{ path: 'name', message }]);
}

export function takenRiotIdError(riotId: string, path: string | null): AppError {
  const message = takenRiotIdMessage(riotId);
  return new AppError('conflict', message, path ? [{ path, message }] : undefined);
}
