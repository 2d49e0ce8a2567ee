import { useQuery } from '@tanstack/react-query';
import { Eraser } from 'lucide-react';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { siteQuery } from '../../../queries/public';
import { useCleanUpDiscord } from './queries';

export const cleanUpDiscordTexts = {
  button: 'Clean Up Discord',
  title: (name: string) => `Clean up Discord for ${name}?`,
  description:
    "Its match channels and their category are deleted from the Discord server now, with everything written in them, instead of at the end of the retention period. This can't be undone.",
  failed: 'Discord could not be cleaned up. Please try again.',
  doneTitle: 'Discord Cleaned Up',
  /** What is being deleted: the channels (made or being made) and the category, or that there was nothing. */
  done: (name: string, { channels, category }: { channels: number; category: boolean }) => {
    const parts = [...(channels ? [`${channels} match ${channels === 1 ? 'channel' : 'channels'}`] : []), ...(category ? ['the category'] : [])];
    if (!parts.length) return `${name}: nothing of it was on the Discord server.`;
    return `${name}: ${parts.join(' and ')} ${parts.length > 1 || channels > 1 ? 'are' : 'is'} being deleted from the Discord server.`;
  },
};

/**
 * The organizer's "Clean Up Discord" for a finished or cancelled cup, behind a confirmation: only
 * offered when the site has a Discord application (the server answers 409 for a cup still to play).
 */
export function CleanUpDiscordButton({ tournament }: { tournament: Tournament }) {
  const { data: site } = useQuery(siteQuery());
  const cleanUp = useCleanUpDiscord();
  const isOver = !!tournament.cancelledAt || tournament.bracketProgress === 'decided';
  if (!site?.discordConnect || !isOver) return null;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`${cleanUpDiscordTexts.button} for ${tournament.name}`} title={cleanUpDiscordTexts.button}>
          <Eraser aria-hidden />
        </Button>
      }
      title={cleanUpDiscordTexts.title(tournament.name)}
      description={cleanUpDiscordTexts.description}
      confirmLabel={cleanUpDiscordTexts.button}
      failureMessage={cleanUpDiscordTexts.failed}
      onConfirm={async () => {
        const cleaned = await cleanUp.mutateAsync(tournament.id);
        toast({ title: cleanUpDiscordTexts.doneTitle, description: cleanUpDiscordTexts.done(tournament.name, cleaned), variant: 'success' });
      }}
    />
  );
}
