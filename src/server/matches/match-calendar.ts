import type { MatchDetail } from '../../shared/schemas/match.js';
import { matchPath } from '../../shared/paths.js';

/**
 * A match as an iCalendar file (RFC 5545) for the captains' "Add to calendar": one VEVENT at the
 * match's time in UTC, lasting an hour a map for the most maps its best-of can take (a calendar
 * should rather hold the evening than end before the decider).
 */

export const minutesPerMap = 60;

/** RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT values. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF then a space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // Continuation lines start with the space, which counts towards their 75.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** "20261205T180000Z": a UTC date-time (§3.3.5, form 2). */
export const icsDateTime = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

/** The file's name: ASCII only, from the teams' names. */
export function calendarFileName(match: Pick<MatchDetail, 'team1Name' | 'team2Name'>): string {
  const slug = `${match.team1Name ?? 'tbd'}-vs-${match.team2Name ?? 'tbd'}`
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 80);
  return `${slug || 'match'}.ics`;
}

export function matchCalendar(match: MatchDetail, { origin, now, siteName }: { origin: string; now: Date; siteName: string }): string {
  if (!match.startsAt) throw new Error('matchCalendar: the match has no time');
  const start = new Date(match.startsAt);
  const end = new Date(start.getTime() + match.bestOf * minutesPerMap * 60_000);
  const url = new URL(matchPath(match.id), origin).toString();
  const summary = `${match.team1Name ?? 'TBD'} vs ${match.team2Name ?? 'TBD'} — ${match.tournamentName}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(siteName)}//Match calendar//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:match-${match.id}@${new URL(origin).host}`,
    `DTSTAMP:${icsDateTime(now)}`,
    `DTSTART:${icsDateTime(start)}`,
    `DTEND:${icsDateTime(end)}`,
    `SUMMARY:${escapeText(summary)}`,
    `DESCRIPTION:${escapeText(`${match.label}, best of ${match.bestOf}.\n${url}`)}`,
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
