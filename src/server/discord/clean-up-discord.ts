import { and, eq, isNull } from 'drizzle-orm';
import { phaseOf } from '../../shared/tournament-phase.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { tournaments } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import { bracketProgress } from '../tournaments/phase.js';
import type { MatchChannels } from './match-channels.js';
import type { DiscordOutbox } from './outbox.js';

/** Refused while the cup is still to be played (tested word for word). */
export const cleanUpNotFinishedMessage = 'Discord can be cleaned up once the tournament is finished or cancelled';

/**
 * The organizer's "Clean Up Discord": a finished or cancelled cup's match channels and its category
 * are deleted now rather than at the end of its retention period. The deletions are stored with the
 * audit entry in one transaction (match-channels.ts `storeCleanUp`) and sent by the outbox.
 */
export function createDiscordCleanUp({
  db,
  channels,
  outbox,
  now,
}: {
  db: Db;
  channels: Pick<MatchChannels, 'storeCleanUp'>;
  outbox: Pick<DiscordOutbox, 'kick'>;
  now: () => Date;
}) {
  return {
    async cleanUp(tournamentId: string, actor: Actor): Promise<{ channels: number }> {
      const cleaned = await db.transaction(async (tx) => {
        const at = now();
        const [tournament] = await tx
          .select()
          .from(tournaments)
          .where(and(eq(tournaments.id, tournamentId), isNull(tournaments.deletedAt)))
          .for('update');
        if (!tournament) throw notFound('Tournament');
        const phase = phaseOf(tournament, at, await bracketProgress(tx, tournamentId));
        if (phase !== 'completed' && phase !== 'cancelled') throw conflict(cleanUpNotFinishedMessage);
        const count = await channels.storeCleanUp(tx, tournamentId);
        await recordAudit(
          tx,
          actor,
          { action: 'tournament.discord_clean_up', targetType: 'tournament', targetId: tournamentId, tournamentId, after: { channels: count } },
          at,
        );
        return { channels: count };
      });
      outbox.kick();
      return cleaned;
    },
  };
}

export type DiscordCleanUp = ReturnType<typeof createDiscordCleanUp>;
