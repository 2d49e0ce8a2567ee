import { z } from 'zod';

/**
 * The export is everything stored about the team: its rows go out whole (as stored, secrets left out
 * by the service), so a column added later is in the captain's copy too. Only its frame is fixed here.
 */
const storedRows = z.array(z.record(z.string(), z.unknown()));
export const teamExportSchema = z
  .object({
    guide: z.record(z.string(), z.string()).describe('What each part of the file holds, for the person reading it'),
    exportedAt: z.string(),
    tournament: z.object({ id: z.string(), name: z.string(), date: z.string() }),
    /** Every registration of the same team (registered again for other cups), this one included. */
    cups: z.array(
      z.object({
        tournamentId: z.string(),
        tournamentName: z.string(),
        tournamentDate: z.string(),
        teamId: z.string(),
        status: z.string(),
        registeredAt: z.string(),
        erased: z.boolean(),
        thisRegistration: z.boolean(),
      }),
    ),
    team: z.record(z.string(), z.unknown()),
    players: storedRows,
    payments: storedRows,
    refunds: storedRows,
    providerRefunds: storedRows,
    champions: storedRows,
    rosterChanges: storedRows,
    mailSent: storedRows,
    activity: storedRows,
  })
  .describe("The team's data, as a JSON file to download (Content-Disposition: attachment)");
