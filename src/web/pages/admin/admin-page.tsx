import { endpoints } from '../../../shared/api/index';
import { endpointUrl } from '../../api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DatabaseBackup,
  GitBranch,
  History,
  Inbox,
  KeyRound,
  LayoutDashboard,
  Loader2,
  LogOut,
  Medal,
  Settings,
  Trophy,
  Users,
  UsersRound,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { pageMeta } from '../../../shared/page-meta';
import { paths } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/use-toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { refreshAfterAuthChange, useLogout } from '../../queries/auth';
import { authUserQuery, setupStatusQuery } from '../../queries/public';
import { can, isRole, roleNames, type Permission } from '../../../shared/permissions';
import { useCan } from '../../lib/use-can';
import { msg } from '../../../shared/i18n/msg';
import { useT } from '../../i18n/i18n';
import { AccountTab } from './account/account-tab';
import { AccountsTab } from './accounts/accounts-tab';
import { adminDownload } from './shared/admin-download';
import { SecondFactorPrompt } from './second-factor-prompt';
import { TwoFactorCard } from './account/two-factor-card';
import { ActivityTab } from './activity/activity-tab';
import { ChampionsTab } from './champions/champions-tab';
import { InboxTab, useNewMessageCount } from './inbox/inbox-tab';
import { FinanceTab } from './finance/finance-tab';
import { MatchDayTab } from './match-day/match-day-tab';
import { SettingsTab } from './settings/settings-tab';
import { OverviewTab } from './overview/overview-tab';
import { TeamsTab } from './teams/teams-tab';
import { useChosenTournament } from './shared/tournament-picker';
import { WaitlistCard } from './teams/waitlist-card';
import { TournamentsTab } from './tournaments/tournaments-tab';

/** 1 s before leaving for the sign-in page when not signed in, 500 ms after signing out. */
export const UNAUTHORIZED_REDIRECT_MS = 1000;
export const LOGOUT_REDIRECT_MS = 500;
/** GET: a consistent backup of the whole database, for the organizer (works on the embedded database while the site runs). */
const adminBackupUrl = endpointUrl(endpoints.downloadBackup);

/** A tab's name: English here, shown in the page's language. */
const tabLabel = (text: string) =>
  function TabLabel() {
    const t = useT();
    return t(text);
  };

/** The panel's sections in order. `access` comes from the permission table the server enforces: a role sees only the tabs it can use. */
const sections = [
  { value: 'overview', access: 'teamsRead', icon: LayoutDashboard, Label: tabLabel(msg('Overview')), Content: OverviewTab },
  { value: 'tournaments', access: 'tournaments', icon: Trophy, Label: tabLabel(msg('Tournaments')), Content: TournamentsTab },
  { value: 'teams', access: 'teamsRead', icon: Users, Label: tabLabel(msg('Teams')), Content: TeamsAndWaitlist },
  { value: 'match-day', access: 'checkIn', icon: GitBranch, Label: tabLabel(msg('Match Day')), Content: MatchDayTab },
  { value: 'champions', access: 'champions', icon: Medal, Label: tabLabel(msg('Champions')), Content: ChampionsTab },
  { value: 'activity', access: 'audit', icon: History, Label: tabLabel(msg('Activity')), Content: ActivityTab },
  { value: 'inbox', access: 'inbox', icon: Inbox, Label: InboxLabel, Content: InboxTab },
  { value: 'finance', access: 'money', icon: Wallet, Label: tabLabel(msg('Finance')), Content: FinanceTab },
  { value: 'settings', access: 'settings', icon: Settings, Label: tabLabel(msg('Settings')), Content: SettingsTab },
  { value: 'accounts', access: 'accounts', icon: UsersRound, Label: tabLabel(msg('Accounts')), Content: AccountsTab },
  { value: 'account', access: 'signedIn', icon: KeyRound, Label: tabLabel(msg('Account')), Content: AccountTab },
] as const satisfies readonly { value: string; access: Permission | 'signedIn'; icon: LucideIcon; Label: () => ReactNode; Content: () => ReactNode }[];
type Tab = (typeof sections)[number]['value'];

/** Several cups run at once: the waitlist is the one of the tournament the Teams tab's picker shows. */
function TeamsAndWaitlist() {
  const chosen = useChosenTournament();
  return (
    <>
      <TeamsTab chosen={chosen} />
      <WaitlistCard tournament={chosen.tournament} />
    </>
  );
}

function InboxLabel() {
  const t = useT();
  const newMessages = useNewMessageCount();
  return (
    <>
      {t('Inbox')}
      {newMessages > 0 && (
        <span className="rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
          {newMessages}
          <span className="sr-only"> {t('new')}</span>
        </span>
      )}
    </>
  );
}

export function AdminPage() {
  const t = useT();
  const navigate = useNavigate();
  const { data: user, isPending } = useQuery(authUserQuery());
  const [isSigningOut, setIsSigningOut] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Signed out: a fresh install (no account yet) goes to the setup page; otherwise to sign in.
  const isSignedOut = !isPending && !user && !isSigningOut;
  const { data: setupStatus, isError: hasSetupCheckFailed } = useQuery(setupStatusQuery({ enabled: isSignedOut }));
  const needsSetup = isSignedOut && setupStatus?.needed === true;
  const isUnauthorized = isSignedOut && (setupStatus?.needed === false || hasSetupCheckFailed);

  usePageMeta(pageMeta[paths.admin]);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  useEffect(() => {
    if (!isUnauthorized) return;
    toast({ title: t('Unauthorized'), description: t('You need to sign in to access the admin area.'), variant: 'destructive' });
    redirectTimer.current = setTimeout(() => navigate(paths.adminLogin, { replace: true }), UNAUTHORIZED_REDIRECT_MS);
    return () => clearTimeout(redirectTimer.current);
  }, [isUnauthorized, navigate, t]);

  if (needsSetup) return <Navigate to={paths.adminSetup} replace />;

  if (isPending || isSignedOut) {
    return (
      <section className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-muted" aria-live="polite">
        <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden />
        <p>{isPending ? t('Loading admin panel...') : t('Redirecting to login...')}</p>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <AdminHeader username={user?.username} role={user?.role} onSigningOut={() => setIsSigningOut(true)} />
      {user?.mustEnrolTwoFactor ? <EnrolmentRequired /> : <AdminTabs />}
      <SecondFactorPrompt />
    </section>
  );
}

/** ADMIN_REQUIRE_2FA covers this account: setting up two-factor is all it can do until it has. */
function EnrolmentRequired() {
  const t = useT();
  return (
    <div className="mx-auto grid max-w-2xl gap-4">
      <p role="status" className="rounded-xl border border-warning/50 bg-warning/10 p-4 text-sm font-semibold">
        {t('Your role must sign in with two-factor. Set it up to open the admin panel.')}
      </p>
      <TwoFactorCard />
    </div>
  );
}

function BackupButton() {
  const t = useT();
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    setIsDownloading(true);
    await adminDownload(adminBackupUrl, 'backup.ndjson.gz', t('Could not download the backup. Please try again.'));
    setIsDownloading(false);
  };
  return (
    <Button variant="outline" onClick={() => void download()} disabled={isDownloading}>
      {isDownloading ? <Loader2 aria-hidden className="animate-spin" /> : <DatabaseBackup aria-hidden />}
      {t('Download backup')}
    </Button>
  );
}

function AdminHeader({ username, role, onSigningOut }: { username?: string; role?: string; onSigningOut: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const signOut = () => {
    onSigningOut();
    logout.mutate(undefined, {
      onSuccess: () => toast({ title: t('Logged Out'), description: t('You have been signed out.') }),
      // A failed logout still goes to the sign-in page.
      onSettled: () => {
        timer.current = setTimeout(() => {
          refreshAfterAuthChange(queryClient, null);
          navigate(paths.adminLogin, { replace: true });
        }, LOGOUT_REDIRECT_MS);
      },
    });
  };

  return (
    <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('Tournament Administration')}</h1>
        <p className="mt-1 text-sm text-muted">{t('Run the season: tournaments, registrations, teams and the hall of fame.')}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 sm:justify-end">
        <div className="sm:text-right" data-testid="admin-user">
          <p className="text-sm font-semibold">{username || t('Admin User')}</p>
          <p className="text-xs text-muted">{isRole(role) ? t(roleNames[role]) : role || t('Administrator')}</p>
        </div>
        {/* The same gzip'd JSON lines as npm run db:backup; with two-factor on it asks for a fresh code first. */}
        {can(role, 'personalData') && <BackupButton />}
        <Button variant="outline" onClick={signOut} disabled={logout.isPending || logout.isSuccess || logout.isError}>
          <LogOut aria-hidden />
          {t('Sign Out')}
        </Button>
      </div>
    </header>
  );
}

function AdminTabs() {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const may = useCan();
  const shown = sections.filter(({ access }) => access === 'signedIn' || may(access));
  const requested = searchParams.get('tab');
  const tab: Tab = shown.find((section) => section.value === requested)?.value ?? 'overview';
  const select = (value: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === 'overview') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <Tabs value={tab} onValueChange={select}>
      {/* Up to eleven sections: rows of three on a phone, rows of five on a tablet or small laptop, from xl up one row that wraps rather than overflow (the Inbox count widens it). */}
      <TabsList aria-label={t('Admin sections')} className="grid-flow-row grid-cols-3 sm:grid sm:w-full sm:grid-cols-5 xl:flex xl:flex-wrap">
        {shown.map(({ value, icon: Icon, Label }) => (
          <TabsTrigger key={value} value={value}>
            <Icon aria-hidden />
            <Label />
          </TabsTrigger>
        ))}
      </TabsList>
      {shown.map(({ value, Content }) => (
        <TabsContent key={value} value={value}>
          <Content />
        </TabsContent>
      ))}
    </Tabs>
  );
}
