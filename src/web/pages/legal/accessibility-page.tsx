import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { pageMeta } from '../../../shared/page-meta';
import { useT } from '../../i18n/i18n';
import { Trans } from '../../i18n/trans';
import { useFormats } from '../../i18n/use-formats';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { LegalLayout, LegalSection, strongPart } from './legal-layout';

const linkClass = 'font-semibold text-accent underline-offset-2 hover:underline';

/** When this statement was last checked against the site (a calendar day); change it with the statement. */
export const accessibilityReviewedOn = '2026-11-23';

export function AccessibilityPage() {
  usePageMeta(pageMeta[paths.accessibility]);
  const t = useT();
  const { longDate } = useFormats();
  const site = useSite();
  const siteName = site?.siteName ?? t('This site');
  const reviewedOn = longDate(accessibilityReviewedOn, 'UTC');
  const contactForm = (text: string) => (
    <Link to={paths.contact} className={linkClass}>
      {text}
    </Link>
  );
  return (
    <LegalLayout
      eyebrow={t('About this site')}
      title={t('Accessibility Statement')}
      translationNotice={t('This translation is provided for convenience and translates the English statement as last reviewed on {date}.', { date: reviewedOn })}
      intro={<p>{t('{siteName} is for every player: registering a team, paying, following the tournament and running it must work for everyone.', { siteName })}</p>}
      summary={
        <p>
          <Trans
            message="<strong>In short:</strong> we aim to meet WCAG 2.2 at level AA on every page, test each page with automated checks and by keyboard alone, and fix what you report."
            parts={strongPart}
          />
        </p>
      }
    >
      <LegalSection id="standard" title={t('1. The standard we meet')}>
        <p>
          {t(
            'We aim to conform to the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. The site works with a keyboard alone, with screen readers, at 400% zoom and on a 320-pixel-wide screen, with larger text spacing, and with reduced motion when your system asks for it. Colours keep a contrast of at least 4.5:1 for text and 3:1 for controls.',
          )}
        </p>
      </LegalSection>

      <LegalSection id="testing" title={t('2. How we test it')}>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            {t(
              'An automated check (axe) runs on every page, in every state it can be in (empty, full, closed, with errors), at desktop and phone widths, each time the site changes; any finding fails the change.',
            )}
          </li>
          <li>{t('Keyboard-only walks through the registration wizard up to the payment and through creating a tournament in the admin run the same way.')}</li>
          <li>{t('We check focus order, visible focus, error messages tied to their fields, and what a screen reader announces when a page or step changes.')}</li>
        </ul>
      </LegalSection>

      <LegalSection id="limitations" title={t('3. Known limitations')}>
        <ul className="list-disc space-y-2 pl-5">
          <li>{t("The card fields on the payment step are provided by our payment processor, Stripe, inside its own frame; their accessibility is Stripe's.")}</li>
          <li>{t('Highlight videos in the Hall of Fame are embedded from YouTube or Twitch; captions depend on whoever published the clip.')}</li>
          <li>{t("Team logos are uploaded by captains and are described by the team's name only.")}</li>
          <li>{t('E-mails we send have a plain-text version for readers that do not show HTML.')}</li>
        </ul>
      </LegalSection>

      <LegalSection id="contact" title={t('4. Tell us about a problem')}>
        <p>
          {site?.supportEmail ? (
            <Trans
              message="If something on this site is hard or impossible for you to use, tell us through the <link>contact form</link> or at <mail>{email}</mail>. Say which page and what you were trying to do; we answer within 24 hours and, until it is fixed, help you register or take part another way."
              values={{ email: site.supportEmail }}
              parts={{
                link: contactForm,
                mail: (text) => (
                  <a href={`mailto:${site.supportEmail}`} className={linkClass}>
                    {text}
                  </a>
                ),
              }}
            />
          ) : (
            <Trans
              message="If something on this site is hard or impossible for you to use, tell us through the <link>contact form</link>. Say which page and what you were trying to do; we answer within 24 hours and, until it is fixed, help you register or take part another way."
              parts={{ link: contactForm }}
            />
          )}
        </p>
        <p>{t('This statement was last reviewed on {date}.', { date: reviewedOn })}</p>
      </LegalSection>
    </LegalLayout>
  );
}
