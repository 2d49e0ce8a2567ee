import { formatShortDate } from './dates.js';
import { inEnglish, type Translate } from './in-english.js';
import type { Team } from './schemas/team.js';

/**
 * Cells a spreadsheet would read as a formula (=, +, -, @, and tab/CR which some programs strip
 * before reading) get a leading apostrophe, so a team name can never run code on an organizer's machine.
 * A plain number (a refund's -2.64) runs nothing and must stay a number the spreadsheet can add up.
 */
const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^-?\d+(\.\d+)?$/;

export function neutraliseCell(value: string): string {
  return formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value;
}

/** RFC 4180: a cell holding a comma, quote or line break is quoted, quotes doubled. */
export function quoteCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvCell(value: string | number | null | undefined): string {
  return quoteCell(neutraliseCell(value === null || value === undefined ? '' : String(value)));
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export type ExportTeam = Pick<Team, 'name' | 'captainDiscord' | 'captainRiotId' | 'createdAt' | 'paymentStatus' | 'players' | 'substitutes' | 'consent' | 'captainEmail'>;

/**
 * "Terms 869e1580c51f and ages, 2026-11-23": what the captain agreed to at registration, or that
 * nothing was recorded. In English (the CSV's) unless the caller passes the reader's `t`.
 */
export function describeConsent(consent: Team['consent'], formatDate: (iso: string) => string = formatShortDate, t: Translate = inEnglish): string {
  if (!consent || (!consent.termsAcceptedAt && !consent.ageConfirmedAt)) return t('Not recorded');
  const terms = consent.termsAcceptedAt ? (consent.termsVersion ? t('Terms {version}', { version: consent.termsVersion }) : t('Terms')) : null;
  const ages = consent.ageConfirmedAt ? t('ages') : null;
  const given = terms && ages ? t('{terms} and {ages}', { terms, ages }) : (terms ?? ages!);
  const at = consent.termsAcceptedAt ?? consent.ageConfirmedAt;
  return t('{consent}, {date}', { consent: given, date: formatDate(at!) });
}

/** The captain plus every other main player: the captain is listed in `players` with the role 'Captain'. */
export function mainPlayerCount(team: Pick<Team, 'players'>): number {
  return 1 + team.players.filter((player) => player.role !== 'Captain').length;
}

/**
 * The organizer's team export: Team Name, Captain Discord, Captain Riot ID, Registration Date,
 * Payment Status, Total Main Players, Total Subs, then each player's Riot ID and Role, then each
 * substitute's Riot ID. Player and substitute columns run to the longest roster in the list. Two last
 * columns, after those: the captain's e-mail (optional, never public) and the consent given at registration.
 */
export function buildTeamsCsv(teams: readonly ExportTeam[], formatDate: (iso: string) => string = formatShortDate): string {
  const playerColumns = Math.max(0, ...teams.map((team) => team.players.length));
  const subColumns = Math.max(0, ...teams.map((team) => team.substitutes.length));
  const header = ['Team Name', 'Captain Discord', 'Captain Riot ID', 'Registration Date', 'Payment Status', 'Total Main Players', 'Total Subs'];
  for (let i = 1; i <= playerColumns; i++) header.push(`Player ${i} Riot ID`, `Player ${i} Role`);
  for (let i = 1; i <= subColumns; i++) header.push(`Substitute ${i} Riot ID`);
  header.push('Captain Email', 'Consent');

  const rows = teams.map((team) => {
    const row: (string | number)[] = [
      team.name,
      team.captainDiscord ?? '',
      team.captainRiotId,
      formatDate(team.createdAt),
      team.paymentStatus,
      mainPlayerCount(team),
      team.substitutes.length,
    ];
    for (let i = 0; i < playerColumns; i++) row.push(team.players[i]?.riotId ?? '', team.players[i]?.role ?? '');
    for (let i = 0; i < subColumns; i++) row.push(team.substitutes[i]?.riotId ?? '');
    row.push(team.captainEmail ?? '', describeConsent(team.consent, formatDate));
    return row;
  });
  return toCsv([header, ...rows]);
}

/** "teams-winter-clash-2026-2026-12-01.csv" */
export function teamsCsvFileName(tournamentName: string, at: Date): string {
  return csvFileName('teams', tournamentName, at);
}

/** "<kind>-winter-clash-2026-2026-12-01.csv" */
export function csvFileName(kind: string, tournamentName: string, at: Date): string {
  const slug =
    tournamentName
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'tournament';
  return `${kind}-${slug}-${at.toISOString().slice(0, 10)}.csv`;
}
