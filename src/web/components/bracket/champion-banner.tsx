import Trophy from 'lucide-react/icons/trophy';
import type { Bracket } from '../../../shared/schemas/bracket';
import { useT } from '../../i18n/i18n';
import { bracketTexts } from './bracket-texts';

/** Whoever won the last stage (the final, the grand final, the top of the standings), named from the matches they played. */
export function ChampionBanner({ bracket }: { bracket: Bracket }) {
  const t = useT();
  const championId = bracket.championTeamId;
  if (!championId) return null;
  const matches = [...bracket.rounds.flatMap((round) => round.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])];
  const played = matches.find((match) => match.team1Id === championId || match.team2Id === championId);
  const name = played ? (played.team1Id === championId ? played.team1Name : played.team2Name) : null;
  if (!name) return null;
  return (
    <p role="status" className="mb-6 flex items-center gap-2 rounded-xl border border-accent/50 bg-accent/10 px-4 py-3 font-bold">
      <Trophy aria-hidden className="size-5 text-accent" />
      {bracketTexts.champion(name, t)}
    </p>
  );
}
