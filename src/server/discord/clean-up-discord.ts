import { and, asc, eq, isNull } from 'drizzle-orm';
import { phaseOf } from '../../shared/tournament-phase.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { auditLog, tournaments } from '../db/schema.js';
import type { DiscordCleanUp as DiscordCleanUpResult } from '../../shared/schemas/discord.js';
import { conflict, notFound } from '../http/errors.js';
import { bracketProgress } from '../tournaments/phase.js';
import type { MatchChannels } from './match-channels.js';
import type { DiscordOutbox } from './outbox.js';
import { msg } from '../../shared/i18n/msg.js';

/** Refused while the cup is still to be played (tested word for word). */
export const cleanUpNotFinishedMessage = msg('Discord can be cleaned up once the tournament is finished or cancelled');

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
  channels: Pick<MatchChannels, 'storeCleanUp' | 'isCleanedUp'>;
  outbox: Pick<DiscordOutbox, 'kick'>;
  now: () => Date;
}) {
  return {
    /** What is being deleted; `repeated` when the clean-up was asked already (answered as it was then, not recorded again). */
    async cleanUp(tournamentId: string, actor: Actor): Promise<DiscordCleanUpResult & { repeated: boolean }> {
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
        if (await channels.isCleanedUp(tx, tournamentId)) {
          // Asked before (or by the retention sweep, which answers nobody): what the first asking was told.
          const [first] = await tx
            .select({ after: auditLog.after })
            .from(auditLog)
            .where(and(eq(auditLog.tournamentId, tournamentId), eq(auditLog.action, 'tournament.discord_clean_up')))
            .orderBy(asc(auditLog.at))
            .limit(1);
          return { ...((first?.after as DiscordCleanUpResult | undefined) ?? { channels: 0, category: false }), repeated: true };
        }
        const cleaned = await channels.storeCleanUp(tx, tournamentId);
        await recordAudit(
          tx,
          actor,
          { action: 'tournament.discord_clean_up', targetType: 'tournament', targetId: tournamentId, tournamentId, after: cleaned },
          at,
        );
        return { ...cleaned, repeated: false };
      });
      outbox.kick();
      return cleaned;
    },
  };
}

export type DiscordCleanUp = ReturnType<typeof createDiscordCleanUp>;
