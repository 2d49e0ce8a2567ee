import { Download, Eraser, Loader2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { ManageTeam } from '../../../shared/schemas/manage';
import { HttpError } from '../../api';
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { saveBlob } from '../../lib/download-csv';
import { exportTeamData, useEraseOurData, useWithdrawTeam } from '../../queries/manage';
import { teamPageTexts } from './team-texts';
import { refundQuoteOf } from './withdraw-card';

/** The captain's rights over the team's data: a download of all of it, or its erasure (withdrawing first when the team holds a spot). */
export function YourDataCard({ team, teamKey, onErased }: { team: ManageTeam; teamKey: string; onErased: () => void }) {
  const [isExporting, setIsExporting] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const withdraw = useWithdrawTeam(team.id, teamKey);
  const erase = useEraseOurData(team.id, teamKey);
  const mustWithdraw = team.withdrawal.canWithdraw;
  const isBusy = withdraw.isPending || erase.isPending;

  async function download() {
    setIsExporting(true);
    try {
      saveBlob(await exportTeamData(team.id, teamKey), `team-${team.id}-data.json`);
    } catch {
      toast({ title: teamPageTexts.downloadFailed, variant: 'destructive' });
    } finally {
      setIsExporting(false);
    }
  }

  async function confirm() {
    setProblem(null);
    try {
      if (mustWithdraw) await withdraw.mutateAsync();
      await erase.mutateAsync();
    } catch (error) {
      setProblem((error instanceof HttpError && error.status < 500 && error.serverMessage) || teamPageTexts.eraseFailed);
      return;
    }
    setIsOpen(false);
    onErased();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <ShieldCheck aria-hidden className="size-5 text-accent" />
          {teamPageTexts.dataTitle}
        </CardTitle>
        <CardDescription>{teamPageTexts.dataIntro}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={download} disabled={isExporting}>
          {isExporting ? <Loader2 aria-hidden className="animate-spin" /> : <Download aria-hidden />}
          {teamPageTexts.downloadData}
        </Button>
        <AlertDialog open={isOpen} onOpenChange={(open) => (setIsOpen(open), setProblem(null))}>
          <AlertDialogTrigger asChild>
            <Button variant="ghost" className="text-red-300">
              <Eraser aria-hidden />
              {teamPageTexts.eraseData}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent className="max-w-lg">
            <AlertDialogHeader>
              <AlertDialogTitle>{teamPageTexts.eraseTitle}</AlertDialogTitle>
              <AlertDialogDescription>{teamPageTexts.eraseGoes}</AlertDialogDescription>
            </AlertDialogHeader>
            <p className="text-sm">{teamPageTexts.eraseKeeps}</p>
            {mustWithdraw && (
              <p className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm" data-testid="erase-withdraws-first">
                {`${teamPageTexts.eraseWithdrawFirst} ${refundQuoteOf(team)}.`}
              </p>
            )}
            {problem && (
              <p role="alert" className="text-sm font-medium text-red-300">
                {problem}
              </p>
            )}
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <Button variant="destructive" onClick={confirm} disabled={isBusy}>
                {isBusy && <Loader2 aria-hidden className="animate-spin" />}
                {teamPageTexts.eraseConfirm}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
