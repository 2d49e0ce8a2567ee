import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Loader2, UserCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { endpoints } from '../../../shared/api/index';
import type { TeamPageData } from '../../../shared/schemas/team-page';
import { callApi, HttpError } from '../../api';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { focusWithin } from '../../lib/focus';
import { teamLinkHeaders } from '../../queries/team-page';

/** POST /api/manage/{id}/check-in with the team link's key; answers the team page's view. */
const checkIn = (teamId: string, teamKey: string) => callApi(endpoints.checkInByCaptain, { params: { id: teamId }, headers: teamLinkHeaders(teamKey) });

/**
 * Check-in concerns a team that holds its place, until the draw: not one waiting or withdrawn,
 * nor any once the bracket is drawn (the cup card then says where the team stands) or the cup cancelled.
 */
export function showsCheckIn(team: TeamPageData): boolean {
  if (team.checkIn.state === 'off' || team.cup.isDrawn || team.tournament.isCancelled) return false;
  return !team.withdrawnAt && team.status !== 'waitlisted';
}

/**
 * The captain's check-in on the team page: when it opens and closes, the button while it is open,
 * and the outcome (checked in, or a no-show). Renders nothing when `showsCheckIn` says no.
 * `onUpdated` receives the team page's new view after a check-in.
 */
export function CheckInPanel({ team, teamKey, onUpdated }: { team: TeamPageData; teamKey: string; onUpdated: (team: TeamPageData) => void }) {
  const t = useT();
  const formats = useFormats();
  const mutation = useMutation({ mutationFn: () => checkIn(team.id, teamKey), onSuccess: onUpdated });
  const { checkIn: status } = team;
  // The button goes away once checked in: focus moves to what replaced it.
  const section = useRef<HTMLElement>(null);
  const isCheckedInNow = mutation.isSuccess && !!status.checkedInAt;
  useEffect(() => {
    if (isCheckedInNow) focusWithin(section.current, '[role="status"]');
  }, [isCheckedInNow]);
  if (!showsCheckIn(team)) return null;
  const closes = formats.dateTime(status.closesAt);

  return (
    <section ref={section} aria-labelledby="check-in-title" className="grid gap-3 rounded-2xl border border-border bg-surface p-5">
      <h2 id="check-in-title" className="flex items-center gap-2 text-xl font-bold">
        <UserCheck aria-hidden className="size-5 text-primary" />
        {t('Check-in')}
      </h2>
      {status.checkedInAt ? (
        <p role="status" className="flex items-center gap-2 font-semibold text-green-300">
          <CircleCheck aria-hidden className="size-5" />
          {t('Checked in. See you in the bracket!')}
        </p>
      ) : status.isNoShow ? (
        <p className="text-sm">{t('Your team did not check in before {closes}: it is out of the bracket, and the entry fee is not refunded.', { closes })}</p>
      ) : status.state === 'not_open' ? (
        <p className="text-sm text-muted">{t('Check-in opens {opens} and closes {closes}.', { opens: formats.dateTime(status.opensAt), closes })}</p>
      ) : status.canCheckIn ? (
        <>
          <p className="text-sm">{t('Check-in is open until {closes}. Check in, or your team will not play.', { closes })}</p>
          <div>
            <Button onClick={() => mutation.mutate()} disabled={mutation.isPending}>
              {mutation.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <UserCheck aria-hidden />}
              {t('Check In')}
            </Button>
          </div>
          {mutation.isError && (
            <p role="alert" className="text-sm font-medium text-red-400">
              {t(mutation.error instanceof HttpError ? (mutation.error.serverMessage ?? mutation.error.message) : mutation.error.message)}
            </p>
          )}
        </>
      ) : (
        <p className="text-sm text-muted">{t('Only confirmed teams can check in.')}</p>
      )}
    </section>
  );
}
