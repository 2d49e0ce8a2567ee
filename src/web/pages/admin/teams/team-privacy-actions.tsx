import { endpoints } from '../../../../shared/api/index';
import { endpointUrl } from '../../../api';
import { Download, Eraser, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { formatShortDate } from '../../../../shared/dates';
import type { Team } from '../../../../shared/schemas/team';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { adminDownload } from '../shared/admin-download';
import { useEraseTeamData } from './queries';

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
    await adminDownload(endpointUrl(endpoints.exportTeamData, { params: { id: team.id } }), `team-${team.id}-data.json`, privacyTexts.exportFailed);
    setIsExporting(false);
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
  const erase = useEraseTeamData();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-red-300" aria-label={`${privacyTexts.eraseData} of ${team.name}`}>
          <Eraser aria-hidden />
          {privacyTexts.eraseData}
        </Button>
      }
      title={privacyTexts.eraseTitle}
      description={privacyTexts.eraseDescription(team.name)}
      confirmLabel={privacyTexts.eraseData}
      failureMessage={privacyTexts.eraseFailed}
      onConfirm={() => erase.mutateAsync(team.id)}
      onDone={() => toast({ title: privacyTexts.erasedTitle, description: privacyTexts.erased(team.name), variant: 'success' })}
    >
      <p className="text-sm">{privacyTexts.eraseKeeps}</p>
    </ConfirmDialog>
  );
}
