import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, Crown, RefreshCw, Trophy } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { pageMeta } from '../../../shared/page-meta';
import { paths, tournamentPath } from '../../../shared/paths';
import { listingGroups, type ListingGroup, type TournamentListingItem } from '../../../shared/schemas/tournament-page';
import { cupStatusLabels, listingGroupTitles } from '../../../shared/tournament-listing';
import { PageHeader } from '../../components/layout/page-header';
import { DateIsland } from '../../components/local-date';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { usePageMeta } from '../../lib/use-page-meta';
import { tournamentListingQuery } from '../../queries/public';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';

function CupCard({ cup }: { cup: TournamentListingItem }) {
  const t = useT();
  const { money } = useFormats();
  return (
    <li data-testid="cup-card" data-group={cup.group}>
      <Link
        to={tournamentPath(cup.slug)}
        className="flex h-full flex-col gap-3 rounded-2xl border border-border bg-surface p-5 transition-colors hover:border-accent/60 focus-visible:border-accent"
      >
        <span className="flex flex-wrap items-center gap-2 text-xs font-bold uppercase tracking-wider text-muted">
          <span className={cup.group === 'live' ? 'text-green-300' : undefined}>{t(cupStatusLabels[cup.phase ?? 'draft'])}</span>
          <span aria-hidden>·</span>
          <span className="flex items-center gap-1">
            <CalendarDays aria-hidden className="size-3.5" />
            <DateIsland iso={cup.tournamentDate} format="short" />
          </span>
        </span>
        <span className="break-words text-xl font-extrabold leading-tight">{cup.name}</span>
        <span className="text-sm text-muted">{t('{prizePool} prize pool · {entryFee} entry', { prizePool: money(cup.prizePool, cup.currency), entryFee: money(cup.entryFee, cup.currency) })}</span>
        {cup.champion && (
          <span className="mt-auto flex items-center gap-2 text-sm font-bold text-warning">
            <Crown aria-hidden className="size-4" />
            {t('Champion: {team}', { team: cup.champion.teamName })}
          </span>
        )}
      </Link>
    </li>
  );
}

function Group({ group, cups }: { group: ListingGroup; cups: TournamentListingItem[] }) {
  const t = useT();
  if (cups.length === 0) return null;
  return (
    <section aria-labelledby={`group-${group}`}>
      <h2 id={`group-${group}`} className="mb-4 text-2xl font-extrabold tracking-tight">
        {t(listingGroupTitles[group])}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cups.map((cup) => (
          <CupCard key={cup.id} cup={cup} />
        ))}
      </ul>
    </section>
  );
}

/** /tournaments: every cup, live and open first, then upcoming, then past with its champion; twelve a page. */
export function TournamentsPage() {
  usePageMeta(pageMeta[paths.tournaments]);
  const t = useT();
  const [searchParams] = useSearchParams();
  const requested = Number(searchParams.get('page') ?? '1');
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const listing = useQuery(tournamentListingQuery(page));
  const pageLink = (n: number) => (n === 1 ? paths.tournaments : `${paths.tournaments}?page=${n}`);

  return (
    <>
      <PageHeader eyebrow={t('Every cup')} title={t('All Tournaments')}>
        <p>{t('Live and open cups first, then what is coming, then every past cup with its champion.')}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-10 sm:px-6">
        {listing.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('Loading the tournaments')}>
            <Skeleton className="h-40 rounded-2xl" />
            <Skeleton className="h-40 rounded-2xl" />
            <Skeleton className="h-40 rounded-2xl" />
          </div>
        ) : listing.isError ? (
          <EmptyState
            icon={RefreshCw}
            title={t("We couldn't load the tournaments")}
            headingLevel={2}
            actions={<Button onClick={() => void listing.refetch()}>{t('Try again')}</Button>}
          >
            {t('Please check your connection and try again.')}
          </EmptyState>
        ) : listing.data.total === 0 ? (
          <EmptyState icon={Trophy} title={t('No Tournaments Yet')} headingLevel={2}>
            {t('The first cup is announced soon.')}
          </EmptyState>
        ) : (
          <>
            {listingGroups.map((group) => (
              <Group key={group} group={group} cups={listing.data.items.filter((cup) => cup.group === group)} />
            ))}
            {listing.data.pageCount > 1 && (
              <nav aria-label={t('Pages')} className="flex items-center justify-center gap-3">
                {page > 1 && (
                  <Button asChild variant="secondary">
                    <Link to={pageLink(page - 1)}>
                      <ChevronLeft aria-hidden />
                      {t('Newer')}
                    </Link>
                  </Button>
                )}
                <span className="text-sm text-muted">{t('Page {page} of {count}', { page, count: listing.data.pageCount })}</span>
                {page < listing.data.pageCount && (
                  <Button asChild variant="secondary">
                    <Link to={pageLink(page + 1)}>
                      {t('Older')}
                      <ChevronRight aria-hidden />
                    </Link>
                  </Button>
                )}
              </nav>
            )}
          </>
        )}
      </div>
    </>
  );
}
