import GitBranch from 'lucide-react/icons/git-branch';
import type { Bracket } from '../../../shared/schemas/bracket';
import type { MatchStream } from '../../../shared/schemas/tournament-page';
import { useT } from '../../i18n/i18n';
import { Island } from '../../islands/island';
import { usePolled } from '../../islands/use-polled';
import { StreamPlayer } from '../stream/stream-player';
import { EmptyState } from '../ui/empty-state';
import { islandApiPaths } from '../../../shared/api/island-paths';
import { bracketNameText, bracketTexts } from './bracket-texts';
import { BracketView } from './bracket-view';
import { ChampionBanner } from './champion-banner';
import type { HeadingLevel } from './round-columns';

export interface LiveBracketProps {
  /** Whose bracket: polled at its read (GET /api/tournaments/{id}/bracket). */
  tournamentId: string;
  /** As the server read it; null while the bracket is not out. */
  bracket: Bracket | null;
  label: string;
  level?: HeadingLevel;
  /** /bracket names the champion above the bracket. */
  showsChampion?: boolean;
  /** The cup page's match streams, under the bracket. */
  streams?: MatchStream[];
}

/**
 * A tournament's bracket kept fresh (the island `bracket`, on /bracket and the cup pages): results
 * appear within a poll as the organizer enters them, and a bracket published meanwhile appears too.
 */
export function LiveBracket({ tournamentId, bracket: initial, label, level = 2, showsChampion = false, streams = [] }: LiveBracketProps) {
  const t = useT();
  const bracket = usePolled(islandApiPaths.bracket(tournamentId), initial);
  if (!bracket) {
    return (
      <EmptyState icon={GitBranch} title={t("The Bracket Isn't Out Yet")} headingLevel={level === 2 ? 2 : 3}>
        {t('It appears here once check-in closes and the organizer publishes it.')}
      </EmptyState>
    );
  }
  return (
    <>
      {showsChampion && <ChampionBanner bracket={bracket} />}
      <BracketView bracket={bracket} label={label} level={level} />
      {streams.length > 0 && <MatchStreams bracket={bracket} streams={streams} />}
    </>
  );
}

/** Each streamed match's player, titled with its round and teams. */
function MatchStreams({ bracket, streams }: { bracket: Bracket; streams: MatchStream[] }) {
  const t = useT();
  const matches = [
    ...bracket.rounds.flatMap((round) => round.matches.map((match) => ({ ...match, round: bracketNameText(round.name, t) }))),
    ...(bracket.thirdPlace ? [{ ...bracket.thirdPlace, round: t(bracketTexts.thirdPlace) }] : []),
  ];
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2" data-testid="match-streams">
      {streams.map((stream) => {
        const match = matches.find((m) => m.id === stream.matchId);
        const title = match
          ? t('{round}: {team1} vs {team2}', { round: match.round, team1: match.team1Name ?? 'TBD', team2: match.team2Name ?? 'TBD' })
          : t('Match stream');
        return <StreamPlayer key={stream.matchId} url={stream.streamUrl} title={title} />;
      })}
    </div>
  );
}

/** The live bracket as an island: a page served as islands keeps polling it. */
export function BracketIsland(props: LiveBracketProps) {
  return (
    <Island name="bracket" props={props}>
      <LiveBracket {...props} />
    </Island>
  );
}
