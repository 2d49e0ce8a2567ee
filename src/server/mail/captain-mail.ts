import { eq, inArray } from 'drizzle-orm';
import { loadMatchContext, matchLabelOf } from '../matches/match-view.js';
import { intlLocale } from '../../shared/i18n/intl-locale.js';
import { isLocale, type Locale } from '../../shared/i18n/locales.js';
import { msg } from '../../shared/i18n/msg.js';
import { dateFormat } from '../../shared/intl-formats.js';
import { fromMinorUnits, formatMoney, toMinorUnits } from '../../shared/money.js';
import type { RefundKind } from '../../shared/schemas/refund.js';
import type { Db, Tx } from '../db/client.js';
import { outbox, refunds, rosterChanges, teams, tournaments } from '../db/schema.js';
import { bracketNameText } from '../../shared/bracket/name-text.js';
import { serverTranslator } from '../i18n/server-catalogs.js';
import { awaitingPayment, paidInFull, waiting } from '../teams/lifecycle/rules.js';
import type { Mailer } from './mailer.js';
import type { CaptainMessage } from './templates/index.js';
import type { MatchNewsProps } from './templates/match-news.js';
import type { Translate } from '../../shared/i18n/translator.js';
import type { SiteInfo } from './templates/layout.js';

type TeamRow = typeof teams.$inferSelect;
type TournamentRow = typeof tournaments.$inferSelect;
type Executor = Db | Tx;

/** What a message names, read from the site settings when it is queued (the organizer may change them in the admin). */
export interface CaptainMailSettings {
  siteName: string;
  /** Named on the receipt and the cancellation; the site's name when no organizer is set. */
  organizerName: string;
  supportEmail: string;
}

/** A moment as every message shows it: "Nov 23, 2026, 5:30 PM UTC" (the captain's time zone is unknown), in the captain's language. */
export const mailTime = (date: Date, locale: Locale = 'en') =>
  `${dateFormat(intlLocale(locale, 'en-US'), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;

const money = (minor: number, currency: string, locale: Locale) => formatMoney(fromMinorUnits(minor), currency, locale);

/** Why a refund went back, in the captain's words (the organizer's reason is internal and is not sent). */
const refundCause: Record<RefundKind, string> = {
  withdrawal: msg('It is what the refund policy gives for a withdrawal at that time.'),
  cancellation: msg('The tournament was cancelled.'),
  custom: msg('The organizer refunded it.'),
  automatic: msg('The payment could not be kept (it came after the hold expired, was for an older fee, or was a second payment).'),
};

/**
 * The one place that decides which e-mail a captain gets, and when:
 *
 * | event                                                         | message               | key                            |
 * |---------------------------------------------------------------|-----------------------|--------------------------------|
 * | a team registered (POST /api/teams)                           | registration received | registered:<team>              |
 * | a payment admitted the team (browser, webhook or hold sweep)  | payment receipt       | receipt:<payment>              |
 * | the provider says a refund succeeded (any kind)               | refund issued         | refund:<refund>                |
 * | a roster change was recorded                                   | roster changed        | roster:<change>                |
 * | the organizer cancelled the tournament (each team it removed) | tournament cancelled  | cancelled:<tournament>:<team>  |
 * | a team joined the waitlist (POST /api/tournaments/{id}/waitlist) | on the waitlist     | waitlisted:<team>              |
 * | a freed spot was offered to a waiting team                    | spot offered          | waitlist-offer:<team>:<offer time> |
 * | a captain reported a match (to the opponent, with the deadline) | match news           | reported:<match>:<team>:<deadline> |
 * | staff ruled on an open report (both captains, with the note)   | match news            | ruled:<match>:<team>:<entered at> |
 * | the organizer decided a forfeit claim (both captains)          | match news            | forfeit-claim:<match>:<team>:<claim time> |
 *
 * Only a team with a captain e-mail gets mail. The key is unique in the outbox, so a webhook
 * delivered twice, a browser and a webhook telling the same news, or events in any order queue
 * each message once; the receipt and the cancellation are queued in the transaction that admits or cancels. Each message is
 * rendered (HTML and text) when queued; the outbox sender delivers it later, so a request never
 * waits on SMTP, and a message that cannot be queued is logged, never the request's failure.
 */
export function createCaptainMail({
  db,
  mailer,
  settings,
  publicOrigin,
  log,
}: {
  db: Db;
  mailer: Mailer;
  /** Read in the executor that queues the message: inside a transaction, the embedded database has no other connection. */
  settings: (executor: Executor) => Promise<CaptainMailSettings>;
  /** Where links in the mail point: the site, and the team link. */
  publicOrigin: string;
  log: (error: unknown, what: string) => void;
}) {

  async function teamAndTournament(executor: Executor, teamId: string): Promise<{ team: TeamRow; tournament: TournamentRow } | null> {
    const [row] = await executor.select({ team: teams, tournament: tournaments }).from(teams).innerJoin(tournaments, eq(tournaments.id, teams.tournamentId)).where(eq(teams.id, teamId));
    return row ?? null;
  }

  /** Renders and queues one message to the team's captain, unless its key was queued before or there is no address. */
  async function queue(executor: Executor, team: TeamRow, dedupeKey: string, message: (current: { site: SiteInfo; organizerName: string }) => CaptainMessage): Promise<void> {
    if (!team.captainEmail) return;
    const [already] = await executor.select({ id: outbox.id }).from(outbox).where(eq(outbox.dedupeKey, dedupeKey));
    if (already) return;
    // Loaded at the first message: react-email and the templates cost memory a site without mail never needs.
    const { renderCaptainMail } = await import('./templates/index.js');
    const { siteName, organizerName, supportEmail } = await settings(executor);
    // In the language the captain registered in.
    const locale = isLocale(team.language) ? team.language : 'en';
    const { subject, html, text } = await renderCaptainMail(message({ site: { siteName, siteUrl: publicOrigin, supportEmail, locale }, organizerName }));
    await mailer.enqueue({ to: team.captainEmail, subject, body: text, html, teamId: team.id, dedupeKey }, executor);
  }

  /** A match with its tournament, label and current teams (those with a row), for its news. */
  async function matchNewsOf(matchId: string) {
    const context = await loadMatchContext(db, matchId).catch(() => null);
    if (!context) return null;
    const teamIds = [context.match.team1Id, context.match.team2Id].filter((id): id is string => id !== null);
    const rows = teamIds.length ? await db.select().from(teams).where(inArray(teams.id, teamIds)) : [];
    return { tournament: context.tournament, row: context.row, label: matchLabelOf(context.derived, context.match), teamIds, teams: new Map(rows.map((team) => [team.id, team])) };
  }

  /**
   * A match's news to one of its captains, in their language: the match's name read in it, and what
   * `write` says of it (subject, title, paragraphs, facts) with that language's `t`.
   */
  function matchNewsMessage(
    news: NonNullable<Awaited<ReturnType<typeof matchNewsOf>>>,
    team: TeamRow,
    site: SiteInfo,
    write: (t: Translate, match: string) => Pick<MatchNewsProps, 'subject' | 'title' | 'paragraphs' | 'facts'>,
  ): CaptainMessage {
    const t = serverTranslator(site.locale);
    const match = bracketNameText(news.label, t);
    return { template: 'match-news', props: { site, teamName: team.name, tournamentName: news.tournament.name, matchLabel: match, ...write(t, match) } };
  }

  /** After the change has committed: a failure is logged and the request goes on. */
  async function afterCommit(what: string, send: () => Promise<void>): Promise<void> {
    try {
      await send();
    } catch (error) {
      log(error, `${what} e-mail not queued`);
    }
  }

  return {
    /** The team link's key exists only now (the database keeps its hash): this is the one message that carries it. */
    registered: (teamId: string, manageUrl: string) =>
      afterCommit('registration', async () => {
        const found = await teamAndTournament(db, teamId);
        if (!found) return;
        const { team, tournament } = found;
        // These rules read no clock: what the mail says follows what is written.
        const isUnpaid = awaitingPayment.holds(team, new Date()) && team.holdExpiresAt !== null;
        await queue(db, team, `registered:${team.id}`, ({ site }) => ({
          template: 'registration-received',
          props: {
            site,
            teamName: team.name,
            tournamentName: tournament.name,
            tournamentDate: mailTime(tournament.tournamentDate, site.locale),
            entryFee: isUnpaid ? formatMoney(tournament.entryFee, tournament.currency, site.locale) : null,
            holdExpiresAt: isUnpaid ? mailTime(team.holdExpiresAt!, site.locale) : null,
            teamUrl: new URL(manageUrl, publicOrigin).toString(),
          },
        }));
      }),

    /** A payment admitted the team: its receipt, once per payment, however many times the news arrives. */
    // Queued in the admission's transaction (a savepoint: a message that cannot be rendered is logged
    // and the admission goes on), so a database blip after the commit cannot lose it.
    paymentAdmitted: (tx: Tx, teamId: string) =>
      tx.transaction(async (savepoint) => {
        const found = await teamAndTournament(savepoint, teamId);
        if (!found) return;
        const { team, tournament } = found;
        if (!paidInFull.holds(team, new Date()) || !team.paymentRef || !team.amountPaid || !team.paidAt) return;
        await queue(savepoint, team, `receipt:${team.paymentRef}`, ({ site, organizerName }) => ({
          template: 'payment-receipt',
          props: {
            site,
            organizerName,
            teamName: team.name,
            tournamentName: tournament.name,
            amount: money(team.amountPaid!, team.currency, site.locale),
            currency: team.currency,
            paidAt: mailTime(team.paidAt!, site.locale),
            paymentReference: team.paymentRef!,
          },
        }));
      }).catch((error: unknown) => log(error, 'receipt e-mail not queued')),

    /** The provider's word on a refund was recorded: mail when it says the money went back. */
    refundRecorded: (refundId: string) =>
      afterCommit('refund', async () => {
        const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
        if (refund?.status !== 'succeeded') return;
        const found = await teamAndTournament(db, refund.teamId);
        if (!found) return;
        const { team, tournament } = found;
        await queue(db, team, `refund:${refund.id}`, ({ site }) => ({
          template: 'refund-issued',
          props: {
            site,
            teamName: team.name,
            tournamentName: tournament.name,
            amount: money(refund.amount, refund.currency, site.locale),
            currency: refund.currency,
            cause: serverTranslator(site.locale)(refundCause[refund.kind]),
            issuedAt: mailTime(refund.updatedAt, site.locale),
            paymentReference: refund.paymentRef,
          },
        }));
      }),

    /** Like the registration message, the one message that carries the team link's key. */
    waitlistJoined: (teamId: string, manageUrl: string, position: number) =>
      afterCommit('waitlist', async () => {
        const found = await teamAndTournament(db, teamId);
        if (!found) return;
        const { team, tournament } = found;
        await queue(db, team, `waitlisted:${team.id}`, ({ site }) => ({
          template: 'waitlist-joined',
          props: {
            site,
            teamName: team.name,
            tournamentName: tournament.name,
            tournamentDate: mailTime(tournament.tournamentDate, site.locale),
            position,
            teamUrl: new URL(manageUrl, publicOrigin).toString(),
          },
        }));
      }),

    /** A freed spot is kept for the team: once per offer, however many times the news arrives. */
    spotOffered: (teamId: string) =>
      afterCommit('waitlist offer', async () => {
        const found = await teamAndTournament(db, teamId);
        if (!found) return;
        const { team, tournament } = found;
        if (!waiting.holds(team, new Date()) || !team.offeredAt || !team.offerExpiresAt) return;
        const hasFee = toMinorUnits(tournament.entryFee) > 0;
        await queue(db, team, `waitlist-offer:${team.id}:${team.offeredAt.toISOString()}`, ({ site }) => ({
          template: 'waitlist-offer',
          props: {
            site,
            teamName: team.name,
            tournamentName: tournament.name,
            tournamentDate: mailTime(tournament.tournamentDate, site.locale),
            offerExpiresAt: mailTime(team.offerExpiresAt!, site.locale),
            entryFee: hasFee ? formatMoney(tournament.entryFee, tournament.currency, site.locale) : null,
          },
        }));
      }),

    rosterChanged: (teamId: string, rosterChangeId: string) =>
      afterCommit('roster change', async () => {
        const [change] = await db.select().from(rosterChanges).where(eq(rosterChanges.id, rosterChangeId));
        const found = change ? await teamAndTournament(db, teamId) : null;
        if (!change || !found) return;
        const { team, tournament } = found;
        await queue(db, team, `roster:${change.id}`, ({ site }) => ({
          template: 'roster-changed',
          props: {
            site,
            teamName: team.name,
            tournamentName: tournament.name,
            changedAt: mailTime(change.at, site.locale),
            changedBy: change.changedBy === 'captain' ? 'captain' : 'organizer',
            players: change.after.players,
            substitutes: change.after.substitutes,
            previousPlayers: change.before.players,
            previousSubstitutes: change.before.substitutes,
          },
        }));
      }),

    /** The opponent reported the match's result: confirm or dispute it before the deadline (else it counts). */
    matchReported: (matchId: string, reportingTeamId: string, deadline: string) =>
      afterCommit('match report', async () => {
        const news = await matchNewsOf(matchId);
        if (!news) return;
        const opponentId = news.teamIds.find((id) => id !== reportingTeamId);
        const reporter = news.teams.get(reportingTeamId);
        const opponent = opponentId ? news.teams.get(opponentId) : undefined;
        if (!opponent || !reporter) return;
        const report = news.row.report;
        const maps = report?.reports[0]?.maps.map((m) => `${m.map} ${m.team1Rounds}–${m.team2Rounds}`).join(', ') ?? '';
        await queue(db, opponent, `reported:${matchId}:${opponent.id}:${deadline}`, ({ site }) =>
          matchNewsMessage(news, opponent, site, (t, match) => {
            const answerBefore = mailTime(new Date(deadline), site.locale);
            return {
              subject: t('{reporter} reported your match in {tournamentName}', { reporter: reporter.name, tournamentName: news.tournament.name }),
              title: t('Your opponent reported the result'),
              paragraphs: [
                t('{reporter} reported the result of {match}. Open your team link to confirm it or dispute it before {deadline}.', {
                  reporter: reporter.name,
                  match,
                  deadline: answerBefore,
                }),
                t('If you do neither by then, the reported result counts as confirmed.'),
              ],
              facts: [
                [t('Reported'), maps],
                [t('Answer before'), answerBefore],
              ],
            };
          }),
        );
      }),

    /** Staff ruled on an open report: both captains are told the result and the note. */
    matchRuled: (matchId: string) =>
      afterCommit('match ruling', async () => {
        const news = await matchNewsOf(matchId);
        const ruling = news?.row.report?.ruling;
        if (!news || !ruling || !news.row.enteredAt) return;
        const winner = news.row.winnerTeamId ? news.teams.get(news.row.winnerTeamId)?.name : null;
        for (const team of news.teams.values()) {
          await queue(db, team, `ruled:${matchId}:${team.id}:${news.row.enteredAt.toISOString()}`, ({ site }) =>
            matchNewsMessage(news, team, site, (t, match) => ({
              subject: t('Staff ruled on your match in {tournamentName}', { tournamentName: news.tournament.name }),
              title: t('Staff ruled on the result'),
              paragraphs: [
                winner
                  ? t("The organizer's staff entered the result of {match}: {winner} wins.", { match, winner })
                  : t("The organizer's staff entered the result of {match}.", { match }),
                ...(ruling.note ? [t('Their note: {note}', { note: ruling.note })] : []),
              ],
              facts: winner ? [[t('Winner'), winner]] : [],
            })),
          );
        }
      }),

    /** The organizer approved or refused a forfeit claim: both captains are told. */
    forfeitClaimDecided: (matchId: string, claimTeamId: string, approved: boolean, claimedAt: string) =>
      afterCommit('forfeit decision', async () => {
        const news = await matchNewsOf(matchId);
        const claimer = news?.teams.get(claimTeamId);
        if (!news || !claimer) return;
        for (const team of news.teams.values()) {
          await queue(db, team, `forfeit-claim:${matchId}:${team.id}:${claimedAt}`, ({ site }) =>
            matchNewsMessage(news, team, site, (t, match) => ({
              subject: approved
                ? t('{claimer} wins {match} by forfeit', { claimer: claimer.name, match })
                : t('The forfeit claim in {match} was refused', { match }),
              title: approved ? t('A forfeit was approved') : t('A forfeit claim was refused'),
              paragraphs: [
                approved
                  ? t("The organizer approved {claimer}'s claim: the other team was not ready in time, so {claimer} wins {match} by forfeit.", {
                      claimer: claimer.name,
                      match,
                    })
                  : t("The organizer refused {claimer}'s claim of a win by forfeit: the match is still to be played.", { claimer: claimer.name }),
              ],
              facts: [],
            })),
          );
        }
      }),

    /**
     * In the cancelling transaction: every team the cancellation took out (it held a place, paid
     * or with a live hold) is told, once, with the refund it is owed.
     */
    async tournamentCancelled(tx: Tx, tournament: TournamentRow, removed: TeamRow[], reason: string): Promise<void> {
      for (const team of removed) {
        const owed = (team.amountPaid ?? 0) - team.amountRefunded;
        // A savepoint each: a message that cannot be queued is logged and the cancellation goes on.
        await tx.transaction((savepoint) => queue(savepoint, team, `cancelled:${tournament.id}:${team.id}`, ({ site, organizerName }) => ({
          template: 'tournament-cancelled',
          props: {
            site,
            organizerName,
            teamName: team.name,
            tournamentName: tournament.name,
            tournamentDate: mailTime(tournament.tournamentDate, site.locale),
            reason,
            refundAmount: owed > 0 ? money(owed, team.currency, site.locale) : null,
          },
        }))).catch((error: unknown) => log(error, 'cancellation e-mail not queued'));
      }
    },
  };
}

export type CaptainMail = ReturnType<typeof createCaptainMail>;
