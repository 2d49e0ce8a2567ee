import { Download, Eraser, Loader2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { fromMinorUnits } from '../../../shared/money';
import type { TeamPageData } from '../../../shared/schemas/team-page';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { saveBlob } from '../../lib/download-csv';
import { exportTeamData, useEraseOurData, useWithdrawTeam } from '../../queries/team-page';
import { teamPageTexts } from './team-texts';
import { refundQuoteOf } from './withdraw-card';

/** The captain's rights over the team's data: a download of all of it, or its erasure (withdrawing first when the team holds a spot). */
export function YourDataCard({ team, teamKey, onErased }: { team: TeamPageData; teamKey: string; onErased: () => void }) {
  const t = useT();
  const formats = useFormats();
  const [isExporting, setIsExporting] = useState(false);
  const withdraw = useWithdrawTeam(team.id, teamKey);
  const erase = useEraseOurData(team.id, teamKey);
  const mustWithdraw = team.withdrawal.canWithdraw;

  async function download() {
    setIsExporting(true);
    try {
      saveBlob(await exportTeamData(team.id, teamKey), `team-${team.id}-data.json`);
    } catch {
      toast({ title: t(teamPageTexts.downloadFailed), variant: 'destructive' });
    } finally {
      setIsExporting(false);
    }
  }

  async function withdrawAndErase() {
    if (mustWithdraw) await withdraw.mutateAsync();
    await erase.mutateAsync();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <ShieldCheck aria-hidden className="size-5 text-accent" />
          {t(teamPageTexts.dataTitle)}
        </CardTitle>
        <CardDescription>{t(teamPageTexts.dataIntro)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={download} disabled={isExporting}>
          {isExporting ? <Loader2 aria-hidden className="animate-spin" /> : <Download aria-hidden />}
          {t(teamPageTexts.downloadData)}
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" className="text-red-300">
              <Eraser aria-hidden />
              {t(teamPageTexts.eraseData)}
            </Button>
          }
          title={t(teamPageTexts.eraseTitle)}
          description={t(teamPageTexts.eraseGoes)}
          confirmLabel={t(teamPageTexts.eraseConfirm)}
          failureMessage={t(teamPageTexts.eraseFailed)}
          onConfirm={withdrawAndErase}
          onDone={onErased}
        >
          <p className="text-sm">{t(teamPageTexts.eraseKeeps)}</p>
          {mustWithdraw && (
            <p className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm" data-testid="erase-withdraws-first">
              {`${t(teamPageTexts.eraseWithdrawFirst)} ${refundQuoteOf(team, t, (minor, currency) => formats.money(fromMinorUnits(minor), currency))}.`}
            </p>
          )}
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
