import { CalendarDays, Crown, ExternalLink, Trophy, UsersRound } from 'lucide-react';
import { platformLabel, recognizeHighlight } from '../../../shared/highlights';
import type { Champion } from '../../../shared/schemas/champion';
import { Link } from 'react-router';
import { tournamentPath } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { TeamAvatar } from '../../components/ui/team-card';
import { DateIsland } from '../../components/local-date';
import { WatchHighlightIsland } from './watch-highlight';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';

export function ChampionCard({ champion }: { champion: Champion }) {
  const t = useT();
  const { money } = useFormats();
  return (
    <article
      data-testid="champion-card"
      aria-labelledby={`champion-${champion.id}`}
      className="relative flex min-w-0 flex-col overflow-hidden rounded-2xl border border-warning/25 bg-gradient-to-b from-warning/10 via-surface to-surface"
    >
      <Trophy aria-hidden className="pointer-events-none absolute -bottom-10 -right-8 size-44 text-warning/[0.05]" />
      <div className="relative flex flex-col gap-5 p-5 sm:p-7">
        <div className="flex items-start gap-4">
          <TeamAvatar name={champion.teamName} logoUrl={champion.teamLogoUrl} className="size-16 rounded-2xl text-xl sm:size-20 sm:text-2xl" />
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-1.5 text-xs font-bold uppercase tracking-[0.18em] text-warning">
              <Crown aria-hidden className="size-4" /> {t('Champion')}
            </p>
            <h2 id={`champion-${champion.id}`} className="mt-1 break-words text-2xl font-black leading-tight">
              {champion.teamName}
            </h2>
            <p className="mt-0.5 text-sm font-semibold text-muted">
              {/* The cup's page, by its id: the server (or the page) moves to its readable address. */}
              {champion.tournamentId ? (
                <Link to={tournamentPath(champion.tournamentId)} className="underline decoration-muted/50 underline-offset-2 hover:text-foreground">
                  {champion.tournamentName}
                </Link>
              ) : (
                champion.tournamentName
              )}
            </p>
          </div>
        </div>

        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="flex items-center gap-2">
            <dt>
              <CalendarDays aria-hidden className="size-4 text-muted" />
              <span className="sr-only">{t('Date')}</span>
            </dt>
            <dd>
              <DateIsland iso={champion.tournamentDate} format="long" />
            </dd>
          </div>
          {champion.prizeAmount && (
            <div className="flex items-center gap-2">
              <dt>
                <Trophy aria-hidden className="size-4 text-muted" />
                <span className="sr-only">{t('Prize')}</span>
              </dt>
              <dd className="font-bold text-warning">{money(champion.prizeAmount, champion.currency)}</dd>
            </div>
          )}
          <div className="flex items-start gap-2 sm:col-span-2">
            <dt className="pt-0.5">
              <UsersRound aria-hidden className="size-4 text-muted" />
              <span className="sr-only">{t('Players')}</span>
            </dt>
            <dd className="min-w-0 break-words">
              {champion.playerNames.length > 0 ? champion.playerNames.join(', ') : <span className="text-muted">{t('No players listed')}</span>}
            </dd>
          </div>
        </dl>

        {champion.teamQuote && (
          <blockquote className="border-l-2 border-warning/60 pl-4 text-base italic text-foreground/90">“{champion.teamQuote}”</blockquote>
        )}

        {champion.highlights.length > 0 && (
          <div>
            <h3 className="mb-2 text-xs font-bold uppercase tracking-wider text-muted">{t('Highlights')}</h3>
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
              {champion.highlights.map((highlight, index) => {
                // Whether it plays here does not depend on the host: the server and the browser render the same button.
                const { platform, embedUrl } = recognizeHighlight(highlight.url, '');
                const label = t(platformLabel(platform));
                return (
                  <li key={`${highlight.url}-${index}`} className="flex min-w-0 items-center gap-3 rounded-lg border border-border bg-background/50 p-2.5 pl-3">
                    <div className="flex min-w-0 flex-1 flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-3">
                      <span className="shrink-0 rounded bg-surface-2 px-2 py-0.5 text-[0.7rem] font-bold uppercase tracking-wide text-muted">{label}</span>
                      <span className="line-clamp-2 min-w-0 break-words text-sm font-medium" title={highlight.title}>
                        {highlight.title}
                      </span>
                    </div>
                    {embedUrl ? (
                      <WatchHighlightIsland url={highlight.url} title={highlight.title} teamName={champion.teamName} />
                    ) : (
                      <Button asChild size="sm" variant="secondary">
                        <a href={highlight.url} target="_blank" rel="noopener noreferrer" aria-label={t('Open Link: {title} (opens in a new tab)', { title: highlight.title })}>
                          <ExternalLink aria-hidden />
                          {t('Open Link')}
                        </a>
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </div>
    </article>
  );
}
