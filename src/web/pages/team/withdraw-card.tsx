import { LogOut } from 'lucide-react';
import { fromMinorUnits } from '../../../shared/money';
import type { Translate } from '../../../shared/i18n/translator';
import type { TeamPageData } from '../../../shared/schemas/team-page';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { useWithdrawTeam } from '../../queries/team-page';
import { refundStatusLabels, teamPageTexts } from './team-texts';

/** What the refund policy gives if the team withdraws now, in the captain's words (`money` writes an amount in minor units). */
export function refundQuoteOf(team: TeamPageData, t: Translate, money: (minor: number, currency: string | null | undefined) => string): string {
  if (!team.payment.amountPaid) return t(teamPageTexts.nothingPaid);
  const { refundAmount, refundPercent } = team.withdrawal;
  return refundAmount > 0 ? t(teamPageTexts.refundQuote, { amount: money(refundAmount, team.payment.currency), percent: refundPercent }) : t(teamPageTexts.noRefundQuote);
}

/** Withdrawal with the policy's refund, then the refunds and their state. */
export function WithdrawCard({ team, teamKey }: { team: TeamPageData; teamKey: string }) {
  const t = useT();
  const formats = useFormats();
  const minor = (amount: number, currency: string | null | undefined) => formats.money(fromMinorUnits(amount), currency);
  const withdraw = useWithdrawTeam(team.id, teamKey);
  const intro = t(team.status === 'waitlisted' ? teamPageTexts.leaveWaitlistIntro : teamPageTexts.withdrawIntro);
  const quote = refundQuoteOf(team, t, minor);

  if (!team.withdrawal.canWithdraw && team.refunds.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <LogOut aria-hidden className="size-5 text-accent" />
          {t(team.withdrawal.canWithdraw ? teamPageTexts.withdrawTitle : teamPageTexts.refundsTitle)}
        </CardTitle>
        {team.withdrawal.canWithdraw && <CardDescription>{intro}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        {team.withdrawal.canWithdraw && (
          <>
            <p className="text-sm">
              <span className="font-semibold" data-testid="refund-quote">
                {quote}
              </span>
              {!!team.payment.amountPaid && <span className="block text-muted">{t(team.withdrawal.explanation)}</span>}
            </p>
            <ConfirmDialog
              trigger={
                <Button variant="destructive" className="justify-self-start">
                  {t(teamPageTexts.withdrawButton)}
                </Button>
              }
              title={t(teamPageTexts.withdrawConfirmTitle)}
              description={`${quote}. ${intro}`}
              confirmLabel={t(teamPageTexts.withdrawConfirm)}
              failureMessage={t(teamPageTexts.withdrawFailed)}
              onConfirm={() => withdraw.mutateAsync()}
              // Not "success": money that is going back is shown with its real state on the page.
              onDone={() => toast({ title: t(teamPageTexts.withdrawn), description: t(teamPageTexts.withdrawnDescription) })}
            />
          </>
        )}
        {team.refunds.length > 0 && (
          <ul className="grid gap-2 text-sm" aria-label={t(teamPageTexts.refundsTitle)} data-testid="refunds">
            {team.refunds.map((refund) => (
              <li key={refund.id} className="flex flex-wrap justify-between gap-2 rounded-md border border-border px-3 py-2">
                <span className="font-semibold">{minor(refund.amount, refund.currency)}</span>
                <span>{t(refundStatusLabels[refund.status])}</span>
                <span className="text-muted">{formats.shortDate(refund.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
