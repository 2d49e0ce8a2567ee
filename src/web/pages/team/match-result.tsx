import type { MatchDetail } from '../../../shared/schemas/match';
import { teamNameOf } from '../../components/match/match-texts';
import { useT } from '../../i18n/i18n';
import { ReportedMaps } from './match-report-panel';
import { yourMatchTexts } from './your-match-texts';

/** The series score with the winner's maps first: "2–1". */
function winnerScore(match: MatchDetail): string {
  if (match.maps.length === 0) return match.score ?? '';
  const { team1, team2 } = match.seriesScore;
  return match.winnerTeamId === match.team1Id ? `${team1}–${team2}` : `${team2}–${team1}`;
}

/** A decided match: who won and how it was decided (confirmed by the captains, ruled by staff, entered by staff, a forfeit), and its maps. */
export function MatchResult({ match }: { match: MatchDetail }) {
  const t = useT();
  if (!match.winnerTeamId) return null;
  const winner = teamNameOf(match, match.winnerTeamId);
  const how = match.forfeit
    ? t(yourMatchTexts.wonByForfeit, { team: winner })
    : t(match.report.state === 'confirmed' ? yourMatchTexts.confirmed : match.report.state === 'ruled' ? yourMatchTexts.ruled : yourMatchTexts.enteredByStaff);
  const score = winnerScore(match);
  return (
    <section aria-labelledby="result-title" className="grid gap-2" data-testid="match-result">
      <h3 id="result-title" className="font-bold">
        {t(yourMatchTexts.reportTitle)}
      </h3>
      <div aria-live="polite" className="grid gap-2">
        <p className="text-sm font-medium" data-testid="report-status" tabIndex={-1}>
          {how}
        </p>
        {!match.forfeit && <p className="font-bold" data-testid="result-line">{score ? t(yourMatchTexts.resultLine, { winner, score }) : t(yourMatchTexts.resultLineWithoutScore, { winner })}</p>}
        {match.report.state === 'ruled' && match.report.ruling?.note && <p className="text-sm">{t(yourMatchTexts.ruledNote, { note: match.report.ruling.note })}</p>}
      </div>
      {match.maps.length > 0 && <ReportedMaps match={match} report={{ maps: match.maps }} title={t(yourMatchTexts.mapsTitle)} />}
    </section>
  );
}
