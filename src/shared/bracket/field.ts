/**
 * Who plays on the day, for the organizer's screens: confirmed (paid, or refunded in part), not a
 * no-show, and checked in when the tournament has a check-in. The server applies the same rule in
 * SQL (listPlayingTeams in src/server/teams/lifecycle/tournament-day.ts); change both together.
 */
export function isInBracketField(
  team: { paymentStatus: string; checkedInAt?: string | null; noShowAt?: string | null },
  tournament: { checkInEnabled?: boolean },
): boolean {
  const isConfirmed = team.paymentStatus === 'completed' || team.paymentStatus === 'partially_refunded';
  const hasCheckedIn = tournament.checkInEnabled === false || !!team.checkedInAt;
  return isConfirmed && !team.noShowAt && hasCheckedIn;
}
