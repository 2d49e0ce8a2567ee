import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { teamPageMeta } from '../../../shared/page-meta';
import { paths } from '../../../shared/paths';
import { HttpError } from '../../api';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { usePageMeta } from '../../lib/use-page-meta';
import { forgetTeamLink, nameRememberedTeam, rememberedKeyOf, rememberTeamLink } from '../../lib/team-link-memory';
import { managedTeamKey, managedTeamQuery } from '../../queries/team-page';
import { OutcomeCard } from '../register/outcome-card';
import { CheckInPanel, showsCheckIn } from './check-in-panel';
import { CupCard } from './cup-card';
import { RegisterAgainCard } from './register-again-card';
import { RegistrationCard } from './registration-card';
import { RosterCard } from './roster-card';
import { teamPageTexts } from './team-texts';
import { WithdrawCard } from './withdraw-card';
import { YourDataCard } from './your-data-card';
import { YourMatchCard } from './your-match-card';

/**
 * The key from the link's `?key=`, remembered on this device and then dropped from the address
 * bar, so it is not left in the history, a screenshot or a shared tab; a reload uses the memory.
 */
function useTeamLinkKey(teamId: string): string | null {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const fromUrl = searchParams.get('key');
  const [key, setKey] = useState(() => fromUrl ?? rememberedKeyOf(teamId));
  useEffect(() => {
    if (!fromUrl) return;
    rememberTeamLink({ teamId, key: fromUrl });
    setKey(fromUrl);
    void navigate({ search: '' }, { replace: true });
  }, [fromUrl, teamId, navigate]);
  return key;
}

function NoTeam({ title, children }: { title: string; children: string }) {
  const t = useT();
  return (
    <OutcomeCard
      testId="team-link-problem"
      icon={<KeyRound aria-hidden className="size-7" />}
      iconClassName="bg-warning/15 text-warning"
      title={title}
      actions={
        <>
          <Button asChild>
            <Link to={paths.home}>{t('Return Home')}</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.contact}>{t('Contact Us')}</Link>
          </Button>
        </>
      }
    >
      <p className="text-muted">{children}</p>
    </OutcomeCard>
  );
}

/** One team's page: another team's (the registration just made for another cup) mounts afresh, with its own key. */
export function TeamPage() {
  const { id: teamId = '' } = useParams();
  return <TeamPageOf key={teamId} teamId={teamId} />;
}

function TeamPageOf({ teamId }: { teamId: string }) {
  usePageMeta(teamPageMeta);
  const t = useT();
  const formats = useFormats();
  const key = useTeamLinkKey(teamId);
  // Without a key the page still asks: a captain signed in with Discord ("My Teams") opens their team by that alone.
  const teamKey = key ?? '';
  const team = useQuery(managedTeamQuery(teamId, teamKey));
  const isUnknown = team.error instanceof HttpError && team.error.status === 404;
  useEffect(() => {
    if (isUnknown) forgetTeamLink(teamId);
  }, [isUnknown, teamId]);
  // "Your teams" names each team it lists.
  const teamName = team.data?.name;
  const tournamentName = team.data?.tournament.name;
  useEffect(() => {
    if (teamName && tournamentName) nameRememberedTeam(teamId, { teamName, tournamentName });
  }, [teamId, teamName, tournamentName]);
  const [isErased, setIsErased] = useState(false);
  const queryClient = useQueryClient();

  if (isErased) return <NoTeam title={t(teamPageTexts.erasedTitle)}>{t(teamPageTexts.erased)}</NoTeam>;
  if (!key && (isUnknown || team.isError)) return <NoTeam title={t(teamPageTexts.linkMissingTitle)}>{t(teamPageTexts.linkMissing)}</NoTeam>;
  if (isUnknown) return <NoTeam title={t(teamPageTexts.linkUnknownTitle)}>{t(teamPageTexts.linkUnknown)}</NoTeam>;
  if (team.isError) return <NoTeam title={t(teamPageTexts.linkUnknownTitle)}>{t(teamPageTexts.loadFailed)}</NoTeam>;
  if (!team.data)
    return (
      <div role="status" className="flex min-h-[60vh] items-center justify-center text-muted">
        <Loader2 aria-hidden className="size-10 animate-spin text-primary" />
        <span className="sr-only">{t('Loading your team')}</span>
      </div>
    );

  const data = team.data;
  const checkIn = <CheckInPanel team={data} teamKey={teamKey} onUpdated={(updated) => queryClient.setQueryData(managedTeamKey(teamId), updated)} />;
  // While check-in is open it is the one thing the captain must do: its card comes first.
  const checkInFirst = showsCheckIn(data) && data.checkIn.state === 'open';
  return (
    <>
      <PageHeader eyebrow={t(teamPageMeta.title)} title={data.name}>
        {`${data.tournament.name} · ${formats.dateTime(data.tournament.startsAt)}`}
      </PageHeader>
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          {checkInFirst && checkIn}
          <YourMatchCard team={data} teamKey={teamKey} />
          <CupCard team={data} />
          <RegistrationCard team={data} teamKey={teamKey} />
          <RosterCard team={data} teamKey={teamKey} />
          <RegisterAgainCard team={data} teamKey={teamKey} />
        </div>
        <div className="grid content-start gap-6">
          {!checkInFirst && checkIn}
          <WithdrawCard team={data} teamKey={teamKey} />
          <YourDataCard
            team={data}
            teamKey={teamKey}
            onErased={() => {
              forgetTeamLink(teamId);
              setIsErased(true);
            }}
          />
        </div>
      </div>
    </>
  );
}
