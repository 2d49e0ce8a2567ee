import { useQuery } from '@tanstack/react-query';
import { Loader2, LogIn, LogOut, Users } from 'lucide-react';
import { Link } from 'react-router';
import { pageMeta } from '../../../shared/page-meta';
import { paths } from '../../../shared/paths';
import { discordSignInOutcomes, type MyTeam } from '../../../shared/schemas/discord';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { captainStatusLabel, teamStatusVariants } from '../../lib/team-status';
import { useDiscordOutcome } from '../../lib/use-discord-outcome';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { discordSignInUrl, myTeamsQuery, useSignOutCaptain } from '../../queries/my-teams';
import { NotFoundPage } from '../not-found/not-found-page';
import { myTeamsTexts as texts } from './my-teams-texts';

function SignInButton() {
  const t = useT();
  return (
    <Button asChild size="lg">
      {/* A full navigation: the server answers with Discord's consent screen. */}
      <a href={discordSignInUrl}>
        <LogIn aria-hidden />
        {t(texts.signIn)}
      </a>
    </Button>
  );
}

function TeamRow({ team }: { team: MyTeam }) {
  const t = useT();
  const { dateTime } = useFormats();
  const status = captainStatusLabel({ status: team.paymentStatus, withdrawnAt: team.withdrawnAt });
  return (
    <li>
      <Card data-testid="my-team">
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-words">{team.name}</span>
            <Badge variant={team.withdrawnAt ? 'outline' : teamStatusVariants[team.paymentStatus]}>{t(status)}</Badge>
          </CardTitle>
          <CardDescription>{`${team.tournament.name} · ${dateTime(team.tournament.startsAt)}`}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="secondary">
            <Link to={team.teamPagePath}>
              {t(texts.openTeamPage)}
              <span className="sr-only">
                {' '}
                {t(texts.openTeamPageOf, { teamName: team.name })}
              </span>
            </Link>
          </Button>
        </CardContent>
      </Card>
    </li>
  );
}

/** "My Teams": a captain signed in with Discord sees every team they registered, each with its team page. */
export function MyTeamsPage() {
  usePageMeta(pageMeta[paths.myTeams]);
  const t = useT();
  const site = useSite();
  const isOffered = site?.discordConnect === true;
  const outcome = useDiscordOutcome(discordSignInOutcomes);
  const mine = useQuery({ ...myTeamsQuery(), enabled: isOffered });
  const signOut = useSignOutCaptain();

  // Without a Discord application the site offers no sign-in: this page is not there.
  if (site && !isOffered) return <NotFoundPage />;

  const isProblem = outcome !== null && outcome !== 'signed-in';
  return (
    <>
      <PageHeader eyebrow={t(texts.eyebrow)} title={t(texts.title)} width="narrow">
        {t(texts.lead)}
      </PageHeader>
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
        {outcome && (
          <p role={isProblem ? 'alert' : 'status'} className={isProblem ? 'rounded-lg border border-danger/40 bg-danger/10 p-4 text-sm' : 'rounded-lg border border-success/40 bg-success/10 p-4 text-sm'}>
            {t(texts.outcomes[outcome])}
          </p>
        )}
        {!site || mine.isPending ? (
          <div role="status" className="flex min-h-[30vh] items-center justify-center text-muted">
            <Loader2 aria-hidden className="size-10 animate-spin text-primary" />
            <span className="sr-only">{t(texts.loading)}</span>
          </div>
        ) : mine.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t(texts.loadFailed)}
          </p>
        ) : mine.data === null ? (
          <EmptyState icon={LogIn} title={t(texts.signInTitle)} headingLevel={2} actions={<SignInButton />}>
            {t(texts.signInIntro)}
          </EmptyState>
        ) : (
          <section aria-labelledby="my-teams-list" className="grid gap-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="my-teams-list" className="text-xl font-bold">
                {t(texts.listTitle)}
              </h2>
              <div className="flex flex-wrap items-center gap-3">
                <span className="text-sm text-muted">{t(texts.signedIn)}</span>
                <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
                  <LogOut aria-hidden />
                  {t(texts.signOut)}
                </Button>
              </div>
            </div>
            {signOut.isError && (
              <p role="alert" className="text-sm text-danger">
                {t(texts.signOutFailed)}
              </p>
            )}
            {mine.data.teams.length === 0 ? (
              <EmptyState icon={Users} title={t(texts.noTeamsTitle)}>
                {t(texts.noTeams)}
              </EmptyState>
            ) : (
              <ul className="grid gap-4">
                {mine.data.teams.map((team) => (
                  <TeamRow key={team.id} team={team} />
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </>
  );
}
