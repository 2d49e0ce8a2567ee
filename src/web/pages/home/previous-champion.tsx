import ArrowRight from 'lucide-react/icons/arrow-right';
import Crown from 'lucide-react/icons/crown';
import Trophy from 'lucide-react/icons/trophy';
import { NavAnchor } from '../../components/layout/nav-anchor';
import { paths } from '../../../shared/paths';
import type { Champion } from '../../../shared/schemas/champion';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { DateIsland } from '../../components/local-date';
import { Skeleton } from '../../components/ui/skeleton';
import { TeamAvatar } from '../../components/ui/team-card';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';

/** The most recent first-place champion, with a link to the hall of fame. */
/** The home page's way to the hall of fame: under the previous champion, and on a finished or cancelled cup. */
export function HallOfFameLink() {
  const t = useT();
  return (
    <Button asChild variant="secondary">
      <NavAnchor to={paths.hallOfFame}>
        {t('View Hall of Fame')}
        <ArrowRight aria-hidden />
      </NavAnchor>
    </Button>
  );
}

export function PreviousChampion({ champion, isLoading }: { champion: Champion | null; isLoading: boolean }) {
  const t = useT();
  const { money } = useFormats();
  return (
    <section aria-labelledby="champions-title">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h2 id="champions-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          {t('Previous Champions')}
        </h2>
        <HallOfFameLink />
      </div>
      {isLoading ? (
        <Skeleton className="h-44 rounded-2xl" />
      ) : champion ? (
        <article
          data-testid="latest-champion"
          className="relative overflow-hidden rounded-2xl border border-warning/30 bg-gradient-to-br from-warning/10 via-surface to-surface p-6 sm:p-8"
        >
          <Trophy aria-hidden className="pointer-events-none absolute -bottom-10 -right-6 size-48 text-warning/[0.06]" />
          <div className="relative flex flex-col gap-6 md:flex-row md:items-center">
            <div className="flex min-w-0 flex-1 items-start gap-4 sm:items-center sm:gap-6">
              <TeamAvatar
                name={champion.teamName}
                logoUrl={champion.teamLogoUrl}
                className="size-14 rounded-xl text-xl sm:size-20 sm:rounded-2xl sm:text-2xl"
              />
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-1.5 text-xs font-bold uppercase tracking-[0.2em] text-warning">
                  <Crown aria-hidden className="size-4" /> {t('Champion · {tournament}', { tournament: champion.tournamentName })}
                </p>
                <h3 className="mt-1 break-words text-2xl font-black sm:text-3xl">{champion.teamName}</h3>
                <p className="mt-1 text-sm text-muted">
                  <DateIsland iso={champion.tournamentDate} format="short" />
                  {champion.playerNames.length > 0 && <> · {champion.playerNames.join(', ')}</>}
                </p>
                {champion.teamQuote && <blockquote className="mt-3 text-sm italic text-foreground/90">“{champion.teamQuote}”</blockquote>}
              </div>
            </div>
            {champion.prizeAmount && (
              <div className="rounded-xl border border-warning/30 bg-background/60 px-5 py-3 text-center">
                <p className="text-xs font-semibold uppercase tracking-wider text-muted">{t('Prize Won')}</p>
                <p className="text-2xl font-extrabold text-warning">{money(champion.prizeAmount, champion.currency)}</p>
              </div>
            )}
          </div>
        </article>
      ) : (
        <EmptyState icon={Trophy} title={t('No Champions Yet')}>
          {t('Be the first team to claim the championship!')}
        </EmptyState>
      )}
    </section>
  );
}
