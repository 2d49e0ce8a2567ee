import { Copy, KeyRound, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { msg } from '../../../../shared/i18n/msg';
import { describeRosterChange, type RosterChange } from '../../../../shared/schemas/team-page';
import type { Team } from '../../../../shared/schemas/team';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { needsSecondFactor } from '../../../api';
import { toast } from '../../../components/ui/use-toast';
import { useRotateTeamLink } from './queries';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';

/** The texts of "New Team Link", each a message shown with `t(text)` (`t(text, values)` for those with `{values}`). */
export const teamLinkTexts = {
  newLink: msg('New Team Link'),
  /** Values: name (the team's). */
  newLinkFor: msg('New Team Link for {name}'),
  /** Values: name (the team's). */
  confirmTitle: msg('Make a new team link for {name}?'),
  confirmDescription: msg('Only a fingerprint of the captain’s link is stored, so it cannot be shown. A new link replaces it and the old one stops working at once.'),
  make: msg('Make New Link'),
  readyTitle: msg('New team link'),
  ready: msg('Send this link to the captain now: it is shown only once.'),
  copy: msg('Copy Link'),
  copied: msg('Link copied'),
  failed: msg('Could not make a new team link. Please try again.'),
};

/** The organizer cannot read a captain's link: "New Team Link" makes one (in the audit log) and shows it once. */
export function NewTeamLinkButton({ team }: { team: Team }) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const rotate = useRotateTeamLink();

  async function make() {
    try {
      const { manageUrl } = await rotate.mutateAsync(team.id);
      setLink(new URL(manageUrl, window.location.origin).href);
    } catch (error) {
      // Refused for want of a fresh code: the code prompt asked for it and was closed (SecondFactorPrompt).
      if (!needsSecondFactor(error)) toast({ title: t(teamLinkTexts.failed), variant: 'destructive' });
    }
  }

  async function copy() {
    if (!link) return;
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    toast({ title: t(teamLinkTexts.copied) });
  }

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => (setIsOpen(open), setLink(null))}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t(teamLinkTexts.newLinkFor, { name: team.name })}>
          <KeyRound aria-hidden />
          {t(teamLinkTexts.newLink)}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent className="max-w-lg">
        <AlertDialogHeader>
          <AlertDialogTitle>{link ? t(teamLinkTexts.readyTitle) : t(teamLinkTexts.confirmTitle, { name: team.name })}</AlertDialogTitle>
          <AlertDialogDescription>{link ? t(teamLinkTexts.ready) : t(teamLinkTexts.confirmDescription)}</AlertDialogDescription>
        </AlertDialogHeader>
        {link && (
          <div className="grid gap-1.5">
            <Label htmlFor={`team-link-${team.id}`}>{t('Team link')}</Label>
            <Input id={`team-link-${team.id}`} value={link} readOnly onFocus={(event) => event.currentTarget.select()} data-testid="new-team-link" />
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>{link ? t('Done') : t('Cancel')}</AlertDialogCancel>
          {link ? (
            <Button onClick={copy}>
              <Copy aria-hidden />
              {t(teamLinkTexts.copy)}
            </Button>
          ) : (
            <Button onClick={make} disabled={rotate.isPending}>
              {rotate.isPending && <Loader2 aria-hidden className="animate-spin" />}
              {t(teamLinkTexts.make)}
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The team's roster changes, newest first, each position that changed on its own line. */
export function RosterChanges({ changes }: { changes: RosterChange[] }) {
  const t = useT();
  const formats = useFormats();
  if (changes.length === 0) return null;
  return (
    <div data-testid="roster-changes">
      <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{t('Roster changes')}</h4>
      <ul className="grid gap-1.5">
        {changes.map((change) => (
          <li key={change.id} className="rounded-md border border-border px-2 py-1.5">
            <p className="text-xs text-muted">
              {/* By "captain" (through the team link) or the organizer's user name. */}
              {change.changedBy === 'captain'
                ? t('{date}, by captain', { date: formats.dateTime(change.at) })
                : t('{date}, by {name}', { date: formats.dateTime(change.at), name: change.changedBy })}
            </p>
            {describeRosterChange(change, t).map((line) => (
              <p key={line} className="break-words">
                {line}
              </p>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
