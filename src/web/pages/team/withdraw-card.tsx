import { LogOut } from 'lucide-react';
import { formatShortDate } from '../../../shared/dates';
import type { TeamPageData } from '../../../shared/schemas/team-page';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { useWithdrawTeam } from '../../queries/team-page';
import { formatMinor } from '../../lib/team-status';
import { refundStatusLabels, teamPageTexts } from './team-texts';

/** What the refund policy gives if the team withdraws now, in the captain's words. */
export function refundQuoteOf(team: TeamPageData): string {
  if (!team.payment.amountPaid) return teamPageTexts.nothingPaid;
  const { refundAmount, refundPercent } = team.withdrawal;
  return refundAmount > 0 ? teamPageTexts.refundQuote(formatMinor(refundAmount, team.payment.currency), refundPercent) : teamPageTexts.noRefundQuote;
}

/** Withdrawal with the policy's refund, then the refunds and their state. */
export function WithdrawCard({ team, teamKey }: { team: TeamPageData; teamKey: string }) {
  const withdraw = useWithdrawTeam(team.id, teamKey);
  const intro = team.status === 'waitlisted' ? teamPageTexts.leaveWaitlistIntro : teamPageTexts.withdrawIntro;

  if (!team.withdrawal.canWithdraw && team.refunds.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <LogOut aria-hidden className="size-5 text-accent" />
          {team.withdrawal.canWithdraw ? teamPageTexts.withdrawTitle : teamPageTexts.refundsTitle}
        </CardTitle>
        {team.withdrawal.canWithdraw && <CardDescription>{intro}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        {team.withdrawal.canWithdraw && (
          <>
            <p className="text-sm">
              <span className="font-semibold" data-testid="refund-quote">
                {refundQuoteOf(team)}
              </span>
              {!!team.payment.amountPaid && <span className="block text-muted">{team.withdrawal.explanation}</span>}
            </p>
            <ConfirmDialog
              trigger={
                <Button variant="destructive" className="justify-self-start">
                  {teamPageTexts.withdrawButton}
                </Button>
              }
              title={teamPageTexts.withdrawConfirmTitle}
              description={`${refundQuoteOf(team)}. ${intro}`}
              confirmLabel={teamPageTexts.withdrawConfirm}
              failureMessage={teamPageTexts.withdrawFailed}
              onConfirm={() => withdraw.mutateAsync()}
              // Not "success": money that is going back is shown with its real state on the page.
              onDone={() => toast({ title: teamPageTexts.withdrawn, description: teamPageTexts.withdrawnDescription })}
            />
          </>
        )}
        {team.refunds.length > 0 && (
          <ul className="grid gap-2 text-sm" aria-label={teamPageTexts.refundsTitle} data-testid="refunds">
            {team.refunds.map((refund) => (
              <li key={refund.id} className="flex flex-wrap justify-between gap-2 rounded-md border border-border px-3 py-2">
                <span className="font-semibold">{formatMinor(refund.amount, refund.currency)}</span>
                <span>{refundStatusLabels[refund.status]}</span>
                <span className="text-muted">{formatShortDate(refund.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
