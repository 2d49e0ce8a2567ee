import { useQuery } from '@tanstack/react-query';
import { RefreshCw, Swords } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { matchMetaOf, matchPageMeta } from '../../../shared/page-meta';
import { paths } from '../../../shared/paths';
import { HttpError } from '../../api';
import { useT } from '../../i18n/i18n';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { usePageMeta } from '../../lib/use-page-meta';
import { matchQuery } from '../../queries/matches';
import { MatchIsland } from './match-view';

/** A match's public page: the teams, the series score, the veto and each map, polled until it is finished (by its island). */
export function MatchPage() {
  const t = useT();
  const { id = '' } = useParams();
  const match = useQuery(matchQuery(id, { poll: false }));
  usePageMeta(match.data ? matchMetaOf(match.data) : matchPageMeta);

  if (match.isPending) {
    return (
      <div className="mx-auto grid max-w-5xl gap-4 px-4 py-10 sm:px-6" aria-busy="true" aria-label={t('Loading the match')}>
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    );
  }
  if (match.isError) {
    const isUnknown = match.error instanceof HttpError && match.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h1 className="sr-only">{isUnknown ? t('Match not found') : t('Match')}</h1>
        <EmptyState
          icon={isUnknown ? Swords : RefreshCw}
          title={isUnknown ? t('No Such Match') : t("We couldn't load the match")}
          headingLevel={2}
          actions={
            isUnknown ? (
              <Button asChild>
                <Link to={paths.bracket}>{t('See the Bracket')}</Link>
              </Button>
            ) : (
              <Button onClick={() => void match.refetch()}>{t('Try again')}</Button>
            )
          }
        >
          {isUnknown ? t('This match does not exist, or its bracket was drawn again.') : t('Please check your connection and try again.')}
        </EmptyState>
      </div>
    );
  }
  return <MatchIsland match={match.data} />;
}
