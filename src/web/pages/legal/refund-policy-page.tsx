import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { pageMeta } from '../../../shared/page-meta';
import { usePageMeta } from '../../lib/use-page-meta';
import { LegalLayout, LegalSection } from './legal-layout';

const schedule = [
  { when: '48 hours or more before the tournament starts', refund: 'Full refund' },
  { when: 'Between 24 and 48 hours before the start', refund: '50% refund' },
  { when: 'Less than 24 hours before the start', refund: 'No refund' },
  { when: 'After the tournament has started', refund: 'No refund' },
  { when: 'Team disqualified', refund: 'No refund' },
  { when: 'Tournament cancelled by the organizer', refund: 'Full refund, automatic' },
];

export function RefundPolicyPage() {
  usePageMeta(pageMeta[paths.refundPolicy]);
  return (
    <LegalLayout
      eyebrow="Legal"
      title="Refund Policy"
      intro={<p>When and how a team&apos;s entry fee is refunded.</p>}
      summary={
        <p>
          <strong>In short:</strong> full refund 48 hours or more before the start, 50% between 24 and 48 hours, nothing after that. If we cancel, everyone is
          refunded in full automatically.
        </p>
      }
    >
      <LegalSection id="who-pays" title="Who pays and who can ask">
        <p>The team captain pays the entry fee for the whole team when registering. Only the captain who paid may request a refund.</p>
      </LegalSection>

      <LegalSection id="schedule" title="Refund schedule">
        <p>How much is refunded depends on when the captain asks, measured against the tournament&apos;s start time:</p>
        <div className="overflow-x-auto rounded-xl border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Refund by time of request</caption>
            <thead className="bg-surface-2 text-xs uppercase tracking-wider text-muted">
              <tr>
                <th scope="col" className="px-4 py-3 font-bold">
                  When the refund is requested
                </th>
                <th scope="col" className="px-4 py-3 font-bold">
                  Refund
                </th>
              </tr>
            </thead>
            <tbody>
              {schedule.map((row) => (
                <tr key={row.when} className="border-t border-border">
                  <td className="px-4 py-3">{row.when}</td>
                  <td className="px-4 py-3 font-semibold">{row.refund}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LegalSection>

      <LegalSection id="cancellation" title="If we cancel a tournament">
        <p>If the organizer cancels a tournament, every team that paid receives a full refund automatically. You do not need to ask.</p>
        <p>The refunds are sent the moment the tournament is cancelled, and nothing is deducted from them: the organizer pays the payment provider&apos;s fee.</p>
      </LegalSection>

      <LegalSection id="how-to-request" title="How to request a refund">
        <p>
          The captain withdraws the team on its private team page, opened with the team link from the registration e-mail. Before confirming, the page shows
          the amount the schedule gives at that moment. Withdrawing gives up the team&apos;s spot and sends the refund to the card that paid, automatically:
          nobody has to approve it. The moment of the withdrawal decides which part of the schedule applies, even when the money arrives later.
        </p>
        <p>
          Lost the team link, or something went wrong? Write to us through the{' '}
          <Link to={paths.contact} className="font-semibold text-accent underline-offset-2 hover:underline">
            contact form
          </Link>{' '}
          with the team name and the tournament. An organizer answers within 24 hours and can send a refund from the tournament&apos;s back-office, where
          every refund is recorded with its amount and reason.
        </p>
        <p>While a refund is being processed, the whole team is removed from the bracket.</p>
      </LegalSection>

      <LegalSection id="processing" title="Processing time and fees">
        <p>
          Refunds are sent to the original payment method and take 5 to 10 business days to arrive. Payment provider fees may be deducted from the amount
          refunded.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
