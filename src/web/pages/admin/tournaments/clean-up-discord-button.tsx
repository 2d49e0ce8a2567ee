import { useQuery } from '@tanstack/react-query';
import { Eraser } from 'lucide-react';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { siteQuery } from '../../../queries/public';
import { useCleanUpDiscord } from './queries';
import { msg } from '../../../../shared/i18n/msg';
import type { Translate } from '../../../../shared/i18n/translator';
import { useT } from '../../../i18n/i18n';

/** The texts of "Clean Up Discord", each a message shown with `t(text)` (`t(text, values)` for those with `{values}`). */
export const cleanUpDiscordTexts = {
  button: msg('Clean Up Discord'),
  /** Values: name (the tournament's). */
  buttonFor: msg('Clean Up Discord for {name}'),
  /** Values: name (the tournament's). */
  title: msg('Clean up Discord for {name}?'),
  description: msg(
    "Its match channels and their category are deleted from the Discord server now, with everything written in them, instead of at the end of the retention period. This can't be undone.",
  ),
  failed: msg('Discord could not be cleaned up. Please try again.'),
  doneTitle: msg('Discord Cleaned Up'),
  /** What is being deleted: the channels (made or being made) and the category, or that there was nothing; in the page's language with its `t`. */
  done: (t: Translate, name: string, { channels, category }: { channels: number; category: boolean }) => {
    if (channels && category)
      return t('{name}: {channels, plural, one {# match channel} other {# match channels}} and the category are being deleted from the Discord server.', { name, channels });
    if (channels) return t('{name}: {channels, plural, one {# match channel is} other {# match channels are}} being deleted from the Discord server.', { name, channels });
    if (category) return t('{name}: the category is being deleted from the Discord server.', { name });
    return t('{name}: nothing of it was on the Discord server.', { name });
  },
};

/**
 * The organizer's "Clean Up Discord" for a finished or cancelled cup, behind a confirmation: only
 * offered when the site has a Discord application (the server answers 409 for a cup still to play).
 */
export function CleanUpDiscordButton({ tournament }: { tournament: Tournament }) {
  const t = useT();
  const { data: site } = useQuery(siteQuery());
  const cleanUp = useCleanUpDiscord();
  const isOver = !!tournament.cancelledAt || tournament.bracketProgress === 'decided';
  if (!site?.discordConnect || !isOver) return null;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={t(cleanUpDiscordTexts.buttonFor, { name: tournament.name })} title={t(cleanUpDiscordTexts.button)}>
          <Eraser aria-hidden />
        </Button>
      }
      title={t(cleanUpDiscordTexts.title, { name: tournament.name })}
      description={t(cleanUpDiscordTexts.description)}
      confirmLabel={t(cleanUpDiscordTexts.button)}
      failureMessage={t(cleanUpDiscordTexts.failed)}
      onConfirm={async () => {
        const cleaned = await cleanUp.mutateAsync(tournament.id);
        toast({ title: t(cleanUpDiscordTexts.doneTitle), description: cleanUpDiscordTexts.done(t, tournament.name, cleaned), variant: 'success' });
      }}
    />
  );
}
