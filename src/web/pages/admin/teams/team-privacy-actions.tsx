import { endpoints } from '../../../../shared/api/index';
import { endpointUrl } from '../../../api';
import { Download, Eraser, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { msg } from '../../../../shared/i18n/msg';
import type { Team } from '../../../../shared/schemas/team';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { adminDownload } from '../shared/admin-download';
import { useEraseTeamData } from './queries';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';

/** The team's privacy actions' texts, each a message shown with `t(text)` (`t(text, values)` for those with `{values}`). */
export const privacyTexts = {
  exportData: msg('Export Data'),
  /** Values: name (the team's). */
  exportDataOf: msg('Export Data of {name}'),
  exportFailed: msg('Could not export the team’s data. Please try again.'),
  eraseData: msg('Erase Data'),
  /** Values: name (the team's). */
  eraseDataOf: msg('Erase Data of {name}'),
  eraseTitle: msg('Erase this team’s personal data?'),
  /** Values: name (the team's). */
  eraseDescription: msg(
    'The Riot IDs, the captain’s Discord name and e-mail, the logo and the team link of {name} are deleted. The team then appears as “Removed team” and its players as “Removed player” everywhere, the Hall of Fame included.',
  ),
  eraseKeeps: msg('Payments and refunds (amounts, dates and references) are kept, as accounting law requires. This cannot be undone.'),
  erasedTitle: msg('Data erased'),
  /** Values: name (the team's). */
  erased: msg('{name}’s personal data was erased.'),
  eraseFailed: msg('Could not erase the team’s data. Please try again.'),
  /** Values: date. */
  erasedOn: msg('Personal data erased on {date}'),
};

/** For a request that came by e-mail: the team's data as one JSON file, or its erasure. Both are in the audit log. */
export function TeamPrivacyActions({ team }: { team: Team }) {
  const t = useT();
  const formats = useFormats();
  const [isExporting, setIsExporting] = useState(false);
  if (team.erasedAt) {
    return (
      <p className="text-xs text-muted" data-testid="team-erased">
        {t(privacyTexts.erasedOn, { date: formats.shortDate(team.erasedAt) })}
      </p>
    );
  }
  const exportData = async () => {
    setIsExporting(true);
    await adminDownload(endpointUrl(endpoints.exportTeamData, { params: { id: team.id } }), `team-${team.id}-data.json`, t(privacyTexts.exportFailed));
    setIsExporting(false);
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="ghost" size="sm" aria-label={t(privacyTexts.exportDataOf, { name: team.name })} onClick={exportData} disabled={isExporting}>
        {isExporting ? <Loader2 aria-hidden className="animate-spin" /> : <Download aria-hidden />}
        {t(privacyTexts.exportData)}
      </Button>
      <EraseTeamDataButton team={team} />
    </div>
  );
}

function EraseTeamDataButton({ team }: { team: Team }) {
  const t = useT();
  const erase = useEraseTeamData();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-red-300" aria-label={t(privacyTexts.eraseDataOf, { name: team.name })}>
          <Eraser aria-hidden />
          {t(privacyTexts.eraseData)}
        </Button>
      }
      title={t(privacyTexts.eraseTitle)}
      description={t(privacyTexts.eraseDescription, { name: team.name })}
      confirmLabel={t(privacyTexts.eraseData)}
      failureMessage={t(privacyTexts.eraseFailed)}
      onConfirm={() => erase.mutateAsync(team.id)}
      onDone={() => toast({ title: t(privacyTexts.erasedTitle), description: t(privacyTexts.erased, { name: team.name }), variant: 'success' })}
    >
      <p className="text-sm">{t(privacyTexts.eraseKeeps)}</p>
    </ConfirmDialog>
  );
}
