import { Link } from 'react-router';
import { msg } from '../../../shared/i18n/msg';
import { paths } from '../../../shared/paths';
import { pageMeta } from '../../../shared/page-meta';
import { useT } from '../../i18n/i18n';
import { Trans } from '../../i18n/trans';
import { usePageMeta } from '../../lib/use-page-meta';
import { LegalLayout, LegalSection, strongPart } from './legal-layout';

const schedule = [
  { when: msg('48 hours or more before the tournament starts'), refund: msg('Full refund') },
  { when: msg('Between 24 and 48 hours before the start'), refund: msg('50% refund') },
  { when: msg('Less than 24 hours before the start'), refund: msg('No refund') },
  { when: msg('After the tournament has started'), refund: msg('No refund') },
  { when: msg('Team disqualified'), refund: msg('No refund') },
  { when: msg('Tournament cancelled by the organizer'), refund: msg('Full refund, automatic') },
];

export function RefundPolicyPage() {
  usePageMeta(pageMeta[paths.refundPolicy]);
  const t = useT();
  return (
    <LegalLayout
      eyebrow={t('Legal')}
      title={t('Refund Policy')}
      intro={<p>{t("When and how a team's entry fee is refunded.")}</p>}
      summary={
        <p>
          <Trans
            message="<strong>In short:</strong> full refund 48 hours or more before the start, 50% between 24 and 48 hours, nothing after that. If we cancel, everyone is refunded in full automatically."
            parts={strongPart}
          />
        </p>
      }
    >
      <LegalSection id="who-pays" title={t('Who pays and who can ask')}>
        <p>{t('The team captain pays the entry fee for the whole team when registering. Only the captain who paid may request a refund.')}</p>
      </LegalSection>

      <LegalSection id="schedule" title={t('Refund schedule')}>
        <p>{t("How much is refunded depends on when the captain asks, measured against the tournament's start time:")}</p>
        <div className="overflow-x-auto rounded-xl border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('Refund by time of request')}</caption>
            <thead className="bg-surface-2 text-xs uppercase tracking-wider text-muted">
              <tr>
                <th scope="col" className="px-4 py-3 font-bold">
                  {t('When the refund is requested')}
                </th>
                <th scope="col" className="px-4 py-3 font-bold">
                  {t('Refund')}
                </th>
              </tr>
            </thead>
            <tbody>
              {schedule.map((row) => (
                <tr key={row.when} className="border-t border-border">
                  <td className="px-4 py-3">{t(row.when)}</td>
                  <td className="px-4 py-3 font-semibold">{t(row.refund)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LegalSection>

      <LegalSection id="cancellation" title={t('If we cancel a tournament')}>
        <p>{t('If the organizer cancels a tournament, every team that paid receives a full refund automatically. You do not need to ask.')}</p>
        <p>
          {t(
            "The refunds are sent the moment the tournament is cancelled, and nothing is deducted from them: the organizer pays the payment provider's fee.",
          )}
        </p>
      </LegalSection>

      <LegalSection id="how-to-request" title={t('How to request a refund')}>
        <p>
          {t(
            "The captain withdraws the team on its private team page, opened with the team link from the registration e-mail. Before confirming, the page shows the amount the schedule gives at that moment. Withdrawing gives up the team's spot and sends the refund to the card that paid, automatically: nobody has to approve it. The moment of the withdrawal decides which part of the schedule applies, even when the money arrives later.",
          )}
        </p>
        <p>
          <Trans
            message="Lost the team link, or something went wrong? Write to us through the <link>contact form</link> with the team name and the tournament. An organizer answers within 24 hours and can send a refund from the tournament's back-office, where every refund is recorded with its amount and reason."
            parts={{
              link: (text) => (
                <Link to={paths.contact} className="font-semibold text-accent underline-offset-2 hover:underline">
                  {text}
                </Link>
              ),
            }}
          />
        </p>
        <p>{t('While a refund is being processed, the whole team is removed from the bracket.')}</p>
      </LegalSection>

      <LegalSection id="processing" title={t('Processing time and fees')}>
        <p>
          {t(
            'Refunds are sent to the original payment method and take 5 to 10 business days to arrive. Payment provider fees may be deducted from the amount refunded.',
          )}
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
