import { eq } from 'drizzle-orm';
import { checkInWindow } from '../../shared/check-in.js';
import { isAnnouncedOpen, isCheckInOpen, isClosedByDate, isSwitchedOpen } from '../../shared/tournament-phase.js';
import type { Bracket, MatchResultOutcome } from '../../shared/schemas/bracket.js';
import type { Tournament } from '../../shared/schemas/tournament.js';
import type { Db } from '../db/client.js';
import { matches, teams, tournaments } from '../db/schema.js';
import { countHeld } from '../teams/lifecycle/spots.js';
import { liveAndNotCancelledSql } from '../tournaments/phase.js';
import { msg } from '../../shared/i18n/msg.js';
import { serverTranslator } from '../i18n/server-catalogs.js';
import type { DiscordAnnouncer } from './announcer.js';
import { newsIn } from './news.js';
import { siteLanguageOf, type DiscordLanguage } from './site-language.js';

/**
 * When each piece of tournament news goes to Discord, and under which key (so it is posted once):
 * registration open on the live tournament, 90 % full, registration closed (by the organizer or
 * its date), check-in open, the bracket, each result entered, the champion. Posts are written in
 * the site's default language (`language`: the site settings' by default).
 */
export function createTournamentNews({
  db,
  announcer,
  origin,
  now,
  language = siteLanguageOf(db),
}: {
  db: Db;
  announcer: DiscordAnnouncer;
  origin: string;
  now: () => Date;
  language?: DiscordLanguage;
}) {
  /** The news's words in the site's language as it is now. */
  const newsNow = async () => newsIn(serverTranslator(await language()));

  return {
    /** After the organizer changed a tournament (live, registration switch). */
    async tournamentChanged(before: Tournament | null, after: Tournament): Promise<void> {
      if (!announcer.isEnabled) return;
      if (isAnnouncedOpen(after) && !isAnnouncedOpen(before)) await announcer.announce(`open:${after.id}`, (await newsNow()).registrationOpen(after.name, origin));
      if (isAnnouncedOpen(before) && !isSwitchedOpen(after)) await announcer.announce(`closed:${after.id}`, (await newsNow()).registrationClosed(after.name));
    },

    /** After a team registered: the tournament crossed 90 % full. */
    async teamRegistered(teamId: string): Promise<void> {
      if (!announcer.isEnabled) return;
      const [row] = await db
        .select({ id: tournaments.id, name: tournaments.name, maxTeams: tournaments.maxTeams })
        .from(teams)
        .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
        .where(eq(teams.id, teamId));
      if (!row) return;
      const held = await countHeld(db, row.id, now());
      if (held * 10 >= row.maxTeams * 9) await announcer.announce(`full90:${row.id}`, (await newsNow()).almostFull(row.name, Math.max(0, row.maxTeams - held), origin));
    },

    async bracketPublished(tournament: { id: string; name: string }): Promise<void> {
      if (!announcer.isEnabled) return;
      await announcer.announce(`bracket:${tournament.id}`, (await newsNow()).bracketPublished(tournament.name, origin));
    },

    /** Each result, corrections included (keyed by the time it was entered). */
    async resultEntered(matchId: string, outcome: MatchResultOutcome, isCorrection: boolean): Promise<void> {
      if (!announcer.isEnabled) return;
      const { bracket } = outcome;
      const rounds = [...bracket.rounds, ...(bracket.thirdPlace ? [{ name: msg('Third place'), matches: [bracket.thirdPlace] }] : [])];
      const round = rounds.find((r) => r.matches.some((m) => m.id === matchId));
      const match = round?.matches.find((m) => m.id === matchId);
      if (!round || !match?.winnerTeamId) return;
      const winnerIsTeam1 = match.winnerTeamId === match.team1Id;
      const [winner, loser] = winnerIsTeam1 ? [match.team1Name, match.team2Name] : [match.team2Name, match.team1Name];
      const [series] = await db.select({ maps: matches.maps, forfeit: matches.forfeit }).from(matches).where(eq(matches.id, matchId));
      const maps = (series?.maps ?? []).map((map) => ({
        map: map.map,
        winnerRounds: winnerIsTeam1 ? map.team1Rounds : map.team2Rounds,
        loserRounds: winnerIsTeam1 ? map.team2Rounds : map.team1Rounds,
      }));
      await announcer.announce(
        `result:${matchId}:${now().getTime()}`,
        (await newsNow()).result({
          roundName: round.name,
          winner: winner ?? '',
          loser: loser ?? '',
          score: match.score,
          maps,
          forfeit: match.forfeit ?? series?.forfeit ?? false,
          isCorrection,
        }),
      );
    },

    async championConfirmed(tournament: { id: string; name: string }, bracket: Bracket): Promise<void> {
      if (!announcer.isEnabled) return;
      const sides = [...bracket.rounds.flatMap((round) => round.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])].flatMap((match) => [
        { id: match.team1Id, name: match.team1Name },
        { id: match.team2Id, name: match.team2Name },
      ]);
      const team = sides.find((side) => side.id !== null && side.id === bracket.championTeamId)?.name;
      await announcer.announce(`champion:${tournament.id}`, (await newsNow()).champion(tournament.name, team ?? '', origin));
    },

    /** The minute sweep: news that comes with time (check-in opening, registration reaching its close date). */
    async sweep(): Promise<void> {
      if (!announcer.isEnabled) return;
      const at = now();
      const [live] = await db.select().from(tournaments).where(liveAndNotCancelledSql);
      if (!live) return;
      if (isCheckInOpen(live, at)) await announcer.announce(`check-in:${live.id}`, (await newsNow()).checkInOpen(live.name, checkInWindow(live).closesAt));
      if (isClosedByDate(live, at)) await announcer.announce(`closed:${live.id}`, (await newsNow()).registrationClosed(live.name));
    },
  };
}

export type TournamentNews = ReturnType<typeof createTournamentNews>;
