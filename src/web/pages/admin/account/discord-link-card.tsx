import { useQuery } from '@tanstack/react-query';
import { Link2, Unlink } from 'lucide-react';
import { staffDiscordOutcomes, type StaffDiscordOutcome } from '../../../../shared/schemas/discord';
import { placeholderSettings } from '../../../../shared/site-defaults';
import { needsSecondFactor } from '../../../api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDiscordOutcome } from '../../../lib/use-discord-outcome';
import { useSite } from '../../../lib/use-site';
import { toast } from '../../../components/ui/use-toast';
import { staffDiscordLinkQuery, useStartStaffDiscordLink, useUnlinkStaffDiscord } from './queries';
import { msg } from '../../../../shared/i18n/msg';
import { useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';

/** What the Account tab says when Discord sends the browser back (`?discord=`): English, shown through t(). */
const outcomeTexts: Record<StaffDiscordOutcome, { text: string; isProblem: boolean }> = {
  linked: { text: msg('Discord account linked. It is given the staff role on the server shortly.'), isProblem: false },
  denied: { text: msg('You cancelled on Discord: nothing was linked. You can try again.'), isProblem: true },
  refused: { text: msg('This Discord link expired or was started elsewhere: nothing was linked. Please try again.'), isProblem: true },
  failed: { text: msg('Discord could not be reached: nothing was linked. Please try again in a moment.'), isProblem: true },
  'not-member': {
    text: msg("That Discord account is not on the community's Discord server: nothing was linked. Join the server first, then link again."),
    isProblem: true,
  },
};

/**
 * A staff member links their own Discord account to be given the server's staff role, which sees
 * every match channel. Shown only when the site has a Discord application.
 */
export function DiscordLinkCard() {
  const t = useT();
  const link = useQuery(staffDiscordLinkQuery());
  const start = useStartStaffDiscordLink();
  const unlink = useUnlinkStaffDiscord();
  const outcome = useDiscordOutcome(staffDiscordOutcomes);
  const site = useSite();
  if (!link.data?.available) return null;
  const linked = link.data.linked;
  const told = outcome ? outcomeTexts[outcome] : null;
  // A fresh install's invite is a placeholder on a reserved domain: no link to it.
  const hasInvite = !!site && site.discordInviteUrl !== placeholderSettings.discordInviteUrl;

  const startLink = () =>
    start.mutate(undefined, {
      // A full navigation: Discord's consent screen, which sends the browser back here.
      onSuccess: (authorizeUrl) => window.location.assign(authorizeUrl),
      // Refused for want of a fresh code: the code prompt asked for it and was closed (SecondFactorPrompt).
      onError: (error) =>
        !needsSecondFactor(error) && toast({ title: t('Error'), description: t('Failed to start linking Discord. Please try again.'), variant: 'destructive' }),
    });

  return (
    <Card data-testid="discord-link">
      <CardHeader>
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-bold">
          Discord
          <Badge variant={linked ? 'success' : 'outline'}>{linked ? t('Linked') : t('Not linked')}</Badge>
        </h2>
        <CardDescription>{t('Link your Discord account to get the staff role on the community server: it sees every match channel.')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {told && (
          <p role={told.isProblem ? 'alert' : 'status'} className={told.isProblem ? 'text-sm font-medium text-red-400' : 'text-sm font-medium'}>
            {t(told.text)}
            {outcome === 'not-member' && hasInvite && (
              <>
                {' '}
                <a href={site.discordInviteUrl} target="_blank" rel="noopener noreferrer" className="underline">
                  {t('Join the Discord server')}
                </a>
              </>
            )}
          </p>
        )}
        {linked ? (
          <>
            <p className="text-sm">
              <Trans message="Linked to <name>{name}</name>" values={{ name: linked.username || linked.discordUserId }} parts={{ name: (text) => <strong className="break-all">{text}</strong> }} />
            </p>
            <div>
              <ConfirmDialog
                trigger={
                  <Button variant="outline">
                    <Unlink aria-hidden />
                    {t('Unlink Discord')}
                  </Button>
                }
                title={t('Unlink your Discord account?')}
                description={t('The site forgets it and takes the staff role from it on the server.')}
                confirmLabel={t('Unlink')}
                failureMessage={t('Failed to unlink Discord. Please try again.')}
                onConfirm={() => unlink.mutateAsync()}
                onDone={() => toast({ title: t('Discord Unlinked'), description: t('The staff role is taken from that account shortly.'), variant: 'success' })}
              />
            </div>
          </>
        ) : (
          <div>
            <Button onClick={startLink} disabled={start.isPending}>
              <Link2 aria-hidden />
              {start.isPending ? t('Opening Discord...') : t('Link Discord')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
