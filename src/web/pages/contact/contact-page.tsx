import { Clock, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { DiscordIcon } from '../../components/layout/brand-icons';
import { PageHeader } from '../../components/layout/page-header';
import { paths } from '../../../shared/paths';
import { pageMeta } from '../../../shared/page-meta';
import { useT } from '../../i18n/i18n';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { Island } from '../../islands/island';
import { ContactForm } from './contact-form';

function InfoItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-xl border border-border bg-surface p-5">
      <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-surface-2 text-accent">{icon}</span>
      <div className="min-w-0">
        <h2 className="font-bold">{title}</h2>
        <div className="mt-1 break-words text-sm text-muted">{children}</div>
      </div>
    </li>
  );
}

export function ContactPage() {
  const t = useT();
  usePageMeta(pageMeta[paths.contact]);
  const site = useSite();
  return (
    <>
      <PageHeader width="medium" eyebrow={t('Support')} title={t('Contact Us')}>
        <p>{t('Questions about a tournament, your registration or a refund? Send us a message and the team will get back to you.')}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[1.6fr_1fr]">
        {/* Its own module, without the island's marker: the marker's module would bring the pages' shared chunk to /contact for nothing. */}
        <Island name="contact-form" props={{}}>
          <ContactForm />
        </Island>

        <ul className="grid content-start gap-4" aria-label={t('Other ways to reach us')}>
          <InfoItem icon={<Mail aria-hidden className="size-5" />} title={t('Email support')}>
            <a href={site ? `mailto:${site.supportEmail}` : undefined} className="break-all font-semibold text-accent underline-offset-2 hover:underline">
              {site?.supportEmail}
            </a>
          </InfoItem>
          <InfoItem icon={<DiscordIcon className="size-5" />} title={t('Community chat')}>
            <p>{t('Fastest for match-day questions: admins are on our Discord.')}</p>
            <a
              href={site?.discordInviteUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-1 inline-block font-semibold text-accent underline-offset-2 hover:underline"
            >
              {t('Join our Discord')}
              <span className="sr-only"> {t('(opens in a new tab)')}</span>
            </a>
          </InfoItem>
          <InfoItem icon={<Clock aria-hidden className="size-5" />} title={t('Response time')}>
            {t('We reply to every message within 24 hours.')}
          </InfoItem>
        </ul>
      </div>
    </>
  );
}
