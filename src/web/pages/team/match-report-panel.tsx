import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { intlLocale } from '../../../shared/i18n/intl-locale';
import type { MatchDetail, MatchReportView } from '../../../shared/schemas/match';
import { teamNameOf } from '../../components/match/match-texts';
import { Button } from '../../components/ui/button';
import { useLocale, useT } from '../../i18n/i18n';
import { useDisplayTimeZone } from '../../lib/use-now';
import { useConfirmReport } from '../../queries/matches';
import { ActionError } from './action-error';
import { DisputeForm } from './dispute-form';
import { focusInMatchCard } from './focus-in-card';
import { ReportForm } from './report-form';
import { yourMatchTexts } from './your-match-texts';

type CaptainReportView = MatchReportView['reports'][number];

/** A deadline's time of day with its zone named, as the match time is written: "18:10 CET" (in the page's language). */
const deadlineTime = (value: string, timeZone: string | undefined, locale: string) =>
  new Date(value).toLocaleTimeString(intlLocale(locale, 'en-GB'), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short', timeZone });

/** A report's maps, one line each, and its winner. */
export function ReportedMaps({ match, report, title }: { match: MatchDetail; report: Pick<CaptainReportView, 'maps'> & { winnerTeamId?: string }; title: string }) {
  const t = useT();
  const [team1, team2] = [teamNameOf(match, match.team1Id), teamNameOf(match, match.team2Id)];
  return (
    <div className="grid gap-1 rounded-md border border-border p-3 text-sm" data-testid="reported-maps">
      <p className="font-semibold">{title}</p>
      <ul className="grid gap-0.5">
        {report.maps.map((map, index) => (
          <li key={index}>
            {t(yourMatchTexts.mapLine, {
              number: index + 1,
              map: map.map,
              rounds: t(yourMatchTexts.roundsOf, { team1, team1Rounds: map.team1Rounds, team2Rounds: map.team2Rounds, team2 }),
            })}
          </li>
        ))}
      </ul>
      {report.winnerTeamId && <p className="font-semibold">{t(yourMatchTexts.winnerLine, { team: teamNameOf(match, report.winnerTeamId) })}</p>}
    </div>
  );
}

/**
 * Remembers that staff reopened reporting: the report went from open (reported, disputed) back to
 * none while the page watched, which the match alone no longer says.
 */
function useWasReopened(state: MatchReportView['state']): boolean {
  const previous = useRef(state);
  const [wasReopened, setWasReopened] = useState(false);
  useEffect(() => {
    if (state === 'none' && (previous.current === 'reported' || previous.current === 'disputed')) setWasReopened(true);
    else if (state !== 'none') setWasReopened(false);
    previous.current = state;
  }, [state]);
  return wasReopened;
}

/** The line that says where the report stands: live, so each change (a poll's too) is read out; focused after the captain's own action. */
function ReportStatus({ children }: { children: string }) {
  return (
    <p className="text-sm font-medium" data-testid="report-status" tabIndex={-1}>
      {children}
    </p>
  );
}

/**
 * The result, once the match is on: the form for either captain; then the reporter waits for the
 * opponent, who confirms or disputes before the deadline; a dispute waits for staff. Both captains
 * see each step within a poll.
 */
export function MatchReportPanel({ match, teamId, teamKey, opponentId }: { match: MatchDetail; teamId: string; teamKey: string; opponentId: string }) {
  const t = useT();
  const { report } = match;
  const wasReopened = useWasReopened(report.state);
  const opponent = teamNameOf(match, opponentId);
  return (
    <section aria-labelledby="report-title" className="grid gap-3" data-testid="match-report">
      <h3 id="report-title" className="font-bold">
        {t(yourMatchTexts.reportTitle)}
      </h3>
      <div aria-live="polite" className="grid gap-3">
        {!match.selfReporting ? (
          <ReportStatus>{t(yourMatchTexts.staffOnly)}</ReportStatus>
        ) : report.state === 'none' ? (
          wasReopened && <ReportStatus>{t(yourMatchTexts.reopened)}</ReportStatus>
        ) : (
          <OpenReport match={match} teamId={teamId} opponent={opponent} />
        )}
      </div>
      {match.selfReporting && report.state === 'none' && <ReportForm key={match.id} match={match} teamId={teamId} teamKey={teamKey} />}
      {match.selfReporting && report.state === 'reported' && report.reports[0]?.teamId !== teamId && <AnswerReport match={match} teamId={teamId} teamKey={teamKey} />}
    </section>
  );
}

/** Where a report stands (reported, read as confirmed by the clock, disputed), with the reports. */
function OpenReport({ match, teamId, opponent }: { match: MatchDetail; teamId: string; opponent: string }) {
  const t = useT();
  const locale = useLocale();
  const zone = useDisplayTimeZone();
  const { report } = match;
  const first = report.reports[0];
  const deadline = report.deadline ? deadlineTime(report.deadline, zone, locale) : '';
  const isOurs = first?.teamId === teamId;
  const reportTitle = (entry: CaptainReportView) => (entry.teamId === teamId ? t(yourMatchTexts.yourReport) : t(yourMatchTexts.theirReport, { opponent }));
  const status = (() => {
    switch (report.state) {
      case 'reported':
        return isOurs ? t(yourMatchTexts.waitingForConfirm, { opponent, until: deadline }) : t(yourMatchTexts.answerBy, { until: deadline });
      case 'disputed':
        if (report.reports.length > 1) return t(yourMatchTexts.differentReports);
        return report.dispute?.teamId === teamId ? t(yourMatchTexts.disputedByUs) : t(yourMatchTexts.disputedByThem, { opponent });
      default:
        return t(yourMatchTexts.confirmed);
    }
  })();
  return (
    <>
      <ReportStatus>{status}</ReportStatus>
      {report.state === 'disputed' && report.dispute?.reason && report.reports.length === 1 && (
        <p className="text-sm text-muted" data-testid="dispute-reason">
          {t(yourMatchTexts.disputeReason, { reason: report.dispute.reason })}
        </p>
      )}
      {report.reports.map((entry) => (
        <ReportedMaps key={entry.teamId} match={match} report={entry} title={reportTitle(entry)} />
      ))}
    </>
  );
}

/** The opponent's side of a report: confirm it, or dispute it with a reason and screenshots. */
function AnswerReport({ match, teamId, teamKey }: { match: MatchDetail; teamId: string; teamKey: string }) {
  const t = useT();
  const confirm = useConfirmReport(teamId, teamKey, match.id);
  const [isDisputing, setIsDisputing] = useState(false);
  if (isDisputing)
    return (
      <DisputeForm
        match={match}
        teamId={teamId}
        teamKey={teamKey}
        onCancel={() => {
          setIsDisputing(false);
          focusInMatchCard('[data-testid="dispute-button"]');
        }}
      />
    );
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => confirm.mutate(undefined, { onSuccess: () => focusInMatchCard('[data-testid="report-status"]') })} disabled={confirm.isPending}>
          {confirm.isPending && <Loader2 aria-hidden className="animate-spin" />}
          {t(yourMatchTexts.confirmButton)}
        </Button>
        <Button variant="secondary" data-testid="dispute-button" onClick={() => setIsDisputing(true)} disabled={confirm.isPending}>
          {t(yourMatchTexts.disputeButton)}
        </Button>
      </div>
      <ActionError error={confirm.error} fallback={yourMatchTexts.confirmFailed} />
    </div>
  );
}
