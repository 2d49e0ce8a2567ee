import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import ExternalLink from 'lucide-react/icons/external-link';
import Headphones from 'lucide-react/icons/headphones';
import Info from 'lucide-react/icons/info';
import Loader2 from 'lucide-react/icons/loader-circle';
import Megaphone from 'lucide-react/icons/megaphone';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import ShieldQuestion from 'lucide-react/icons/shield-question-mark';
import Trophy from 'lucide-react/icons/trophy';
import { msg } from '../../../shared/i18n/msg';
import type { Translate } from '../../../shared/i18n/translator';
import type { DiscordOutcome } from '../../../shared/schemas/discord';
import { DiscordIcon } from '../../components/layout/brand-icons';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useT } from '../../i18n/i18n';

const reasons = [
  { icon: Trophy, text: msg('Tournament brackets are posted there') },
  { icon: CalendarClock, text: msg('Match scheduling with your opponents') },
  { icon: Megaphone, text: msg('Important updates and announcements') },
  { icon: ShieldQuestion, text: msg('Direct contact with tournament admins') },
  { icon: Headphones, text: msg('Community support from other players') },
];

/**
 * Where a Discord connection stands: not started, connected (in the server, or not added because
 * Discord failed at that step), or how it ended without one (shared/schemas/discord.ts).
 */
export type DiscordConnection = { kind: 'none' } | { kind: 'connected'; username: string; isInServer: boolean } | { kind: Exclude<DiscordOutcome, 'connected' | 'not-added'> };

/** The connection's texts: messages shown through `t` (`connected` and `notAdded` take `{ username }`). */
export const discordConnectTexts = {
  connect: msg('Connect Discord'),
  tryAgain: msg('Try again'),
  idle: msg('Connect your Discord account to continue to payment'),
  connected: msg('Connected as {username}: you are in our Discord server'),
  notAdded: msg('Connected as {username}, but Discord did not let us add you to our server just now: please join it with the link below'),
  denied: msg('You cancelled on Discord, so your account is not connected. Connect Discord to continue to payment.'),
  refused: msg('This Discord connection expired or was already used. Please try again.'),
  failed: msg('Discord could not be reached. Please try again, or join our server with the link below to continue.'),
} as const;

function connectionMessage(connection: DiscordConnection, t: Translate): { text: string; tone: 'muted' | 'success' | 'warning' | 'danger' } {
  switch (connection.kind) {
    case 'none':
      return { text: t(discordConnectTexts.idle), tone: 'muted' };
    case 'connected':
      return connection.isInServer
        ? { text: t(discordConnectTexts.connected, { username: connection.username }), tone: 'success' }
        : { text: t(discordConnectTexts.notAdded, { username: connection.username }), tone: 'warning' };
    case 'denied':
      return { text: t(discordConnectTexts.denied), tone: 'danger' };
    case 'refused':
      return { text: t(discordConnectTexts.refused), tone: 'danger' };
    case 'failed':
      return { text: t(discordConnectTexts.failed), tone: 'danger' };
  }
}

const toneClass = {
  muted: 'border-border bg-surface-2 text-muted',
  success: 'border-success/50 bg-success/10 font-medium text-green-300',
  warning: 'border-warning/50 bg-warning/10 text-yellow-200',
  danger: 'border-danger/50 bg-danger/10 text-red-300',
} as const;

function InviteLink({ inviteUrl, onAcknowledge }: { inviteUrl: string | undefined; onAcknowledge: () => void }) {
  const t = useT();
  return (
    <Button asChild size="lg" className="w-full bg-[#5865f2] text-white hover:bg-[#4752c4] sm:w-auto sm:justify-self-start">
      <a href={inviteUrl} target="_blank" rel="noopener noreferrer" onClick={onAcknowledge}>
        <DiscordIcon aria-hidden />
        {t('Join Our Discord Server')}
        <ExternalLink aria-hidden />
        <span className="sr-only"> {t('(opens in a new tab)')}</span>
      </a>
    </Button>
  );
}

/**
 * With a Discord application (site.discordConnect): the captain connects their account; the server
 * adds them to the Discord server and takes the account's name. When Discord itself fails, the
 * invite link is the way on, as without an application.
 */
function ConnectDiscord({
  connection,
  onConnect,
  isStarting,
  inviteUrl,
  onAcknowledge,
}: {
  connection: DiscordConnection;
  onConnect: () => void;
  isStarting: boolean;
  inviteUrl: string | undefined;
  onAcknowledge: () => void;
}) {
  const t = useT();
  const message = connectionMessage(connection, t);
  const isConnected = connection.kind === 'connected';
  const hasEnded = !isConnected && connection.kind !== 'none';
  const offersInvite = connection.kind === 'failed' || (connection.kind === 'connected' && !connection.isInServer);
  const Icon = message.tone === 'success' ? CheckCircle2 : message.tone === 'muted' ? Info : AlertTriangle;
  return (
    <>
      {!isConnected && (
        <Button type="button" size="lg" onClick={onConnect} disabled={isStarting} className="w-full bg-[#5865f2] text-white hover:bg-[#4752c4] sm:w-auto sm:justify-self-start">
          {isStarting ? <Loader2 aria-hidden className="animate-spin" /> : hasEnded ? <RotateCcw aria-hidden /> : <DiscordIcon aria-hidden />}
          {t(hasEnded ? discordConnectTexts.tryAgain : discordConnectTexts.connect)}
        </Button>
      )}
      <p role="status" data-testid="discord-connection" className={`flex items-center gap-2 rounded-md border px-3 py-2 text-sm ${toneClass[message.tone]}`}>
        <Icon aria-hidden className="size-4 shrink-0" />
        {message.text}
      </p>
      {offersInvite && <InviteLink inviteUrl={inviteUrl} onAcknowledge={onAcknowledge} />}
    </>
  );
}

/** Step 2: the captain opens the Discord invite (new tab) before going on to payment, or connects their account (`connect`). */
export function DiscordStep({
  inviteUrl,
  isAcknowledged,
  onAcknowledge,
  onBack,
  onContinue,
  isPending,
  continueLabel,
  connect,
}: {
  inviteUrl: string | undefined;
  isAcknowledged: boolean;
  onAcknowledge: () => void;
  onBack: () => void;
  onContinue: () => void;
  isPending: boolean;
  continueLabel: string;
  /** Set when the site has a Discord application: Connect Discord instead of the invite link. */
  connect?: { connection: DiscordConnection; onConnect: () => void; isStarting: boolean };
}) {
  // Connected, or Discord failed and the captain took the invite link: the way on is open.
  const t = useT();
  const canContinue = connect ? connect.connection.kind === 'connected' || ((connect.connection.kind === 'failed') && isAcknowledged) : isAcknowledged;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <DiscordIcon aria-hidden className="size-5 text-[#8c95ff]" />
          {t('Join Discord Community')}
        </CardTitle>
        <CardDescription>{t('Everything about the tournament happens in our Discord server, so every captain needs to be there:')}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <ul className="grid gap-3">
          {reasons.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-sm">
              <span className="grid size-8 shrink-0 place-items-center rounded-md bg-surface-2 text-accent">
                <Icon aria-hidden className="size-4" />
              </span>
              {t(text)}
            </li>
          ))}
        </ul>

        {connect ? (
          <ConnectDiscord {...connect} inviteUrl={inviteUrl} onAcknowledge={onAcknowledge} />
        ) : (
          <>
            <InviteLink inviteUrl={inviteUrl} onAcknowledge={onAcknowledge} />
            <p
              role="status"
              className={
                isAcknowledged
                  ? 'flex items-center gap-2 rounded-md border border-success/50 bg-success/10 px-3 py-2 text-sm font-medium text-green-300'
                  : 'flex items-center gap-2 rounded-md border border-border bg-surface-2 px-3 py-2 text-sm text-muted'
              }
            >
              {isAcknowledged ? <CheckCircle2 aria-hidden className="size-4 shrink-0" /> : <Info aria-hidden className="size-4 shrink-0" />}
              {isAcknowledged ? t('Great! You can now continue to payment') : t('Click the Discord link above to continue to payment')}
            </p>
          </>
        )}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button type="button" variant="outline" onClick={onBack}>
            {t('Back to Team Info')}
          </Button>
          <Button type="button" size="lg" disabled={!canContinue || isPending} onClick={onContinue}>
            {isPending ? (
              <>
                <Loader2 aria-hidden className="animate-spin" />
                {t('Preparing Payment...')}
              </>
            ) : (
              continueLabel
            )}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
