import { Download, Eraser, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { formatShortDate } from '../../../shared/dates';
import type { Team } from '../../../shared/schemas/team';
import { apiRequest, HttpError } from '../../api';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { saveBlob } from '../../lib/download-csv';
import { useEraseTeamData } from '../../queries/admin';

export const privacyTexts = {
  exportData: 'Export Data',
  exportFailed: 'Could not export the team’s data. Please try again.',
  eraseData: 'Erase Data',
  eraseTitle: 'Erase this team’s personal data?',
  eraseDescription: (name: string) =>
    `The Riot IDs, the captain’s Discord name and e-mail, the logo and the team link of ${name} are deleted. The team then appears as “Removed team” and its players as “Removed player” everywhere, the Hall of Fame included.`,
  eraseKeeps: 'Payments and refunds (amounts, dates and references) are kept, as accounting law requires. This cannot be undone.',
  erasedTitle: 'Data erased',
  erased: (name: string) => `${name}’s personal data was erased.`,
  eraseFailed: 'Could not erase the team’s data. Please try again.',
  erasedOn: (date: string) => `Personal data erased on ${date}`,
};

/** For a request that came by e-mail: the team's data as one JSON file, or its erasure. Both are in the audit log. */
export function TeamPrivacyActions({ team }: { team: Team }) {
  const [isExporting, setIsExporting] = useState(false);
  if (team.erasedAt) {
    return (
      <p className="text-xs text-muted" data-testid="team-erased">
        {privacyTexts.erasedOn(formatShortDate(team.erasedAt))}
      </p>
    );
  }
  const exportData = async () => {
    setIsExporting(true);
    try {
      const response = await apiRequest('GET', `/api/admin/teams/${team.id}/export`);
      saveBlob(new Blob([await response.text()], { type: 'application/json' }), `team-${team.id}-data.json`);
    } catch {
      toast({ title: privacyTexts.exportFailed, variant: 'destructive' });
    } finally {
      setIsExporting(false);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="ghost" size="sm" aria-label={`${privacyTexts.exportData} of ${team.name}`} onClick={exportData} disabled={isExporting}>
        {isExporting ? <Loader2 aria-hidden className="animate-spin" /> : <Download aria-hidden />}
        {privacyTexts.exportData}
      </Button>
      <EraseTeamDataButton team={team} />
    </div>
  );
}

function EraseTeamDataButton({ team }: { team: Team }) {
  const [isOpen, setIsOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const erase = useEraseTeamData();
  // mutateAsync, not mutate's callbacks: the refetch after an erasure unmounts this button before they would run.
  const confirm = async () => {
    setProblem(null);
    try {
      await erase.mutateAsync(team.id);
    } catch (error) {
      setProblem((error instanceof HttpError && error.status < 500 && error.serverMessage) || privacyTexts.eraseFailed);
      return;
    }
    setIsOpen(false);
    toast({ title: privacyTexts.erasedTitle, description: privacyTexts.erased(team.name), variant: 'success' });
  };
  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => (setIsOpen(open), setProblem(null))}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-red-300" aria-label={`${privacyTexts.eraseData} of ${team.name}`}>
          <Eraser aria-hidden />
          {privacyTexts.eraseData}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent className="max-w-lg">
        <AlertDialogHeader>
          <AlertDialogTitle>{privacyTexts.eraseTitle}</AlertDialogTitle>
          <AlertDialogDescription>{privacyTexts.eraseDescription(team.name)}</AlertDialogDescription>
        </AlertDialogHeader>
        <p className="text-sm">{privacyTexts.eraseKeeps}</p>
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-300">
            {problem}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={erase.isPending}>
            {erase.isPending && <Loader2 aria-hidden className="animate-spin" />}
            {privacyTexts.eraseData}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
