import { AppError } from '../http/errors.js';

/**
 * What a captain is told when a roster clashes, for registration and roster changes alike: which
 * field, why, and what to do. The path names the field of POST /api/teams
 * (`name`, `players.N.riotId`, `substitutes.N.riotId`) so the wizard can show it on that field.
 */

export const repeatedRiotIdMessage = 'Each player must have a different Riot ID';

export const takenNameMessage = (name: string) => `A team named "${name}" is already registered for this tournament. Choose another team name.`;

export const takenRiotIdMessage = (riotId: string) =>
  `Riot ID "${riotId}" is already on a team in this tournament. A player can play for one team only: check the Riot ID, or ask that team's captain to remove it.`;

/** The field of a roster entry: the 5 players (the captain first), then the substitutes. */
export function rosterFieldPath(index: number, mainPlayers: number): string {
  return index < mainPlayers ? `players.${index}.riotId` : `substitutes.${index - mainPlayers}.riotId`;
}

/** The second entry of a Riot ID that appears twice (case-insensitive), or -1. */
export function repeatedRiotIdIndex(riotIds: string[]): number {
  const lower = riotIds.map((id) => id.toLowerCase());
  return lower.findIndex((id, index) => lower.indexOf(id) !== index);
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
