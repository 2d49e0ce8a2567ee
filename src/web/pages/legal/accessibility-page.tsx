import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { pageMeta } from '../../../shared/page-meta';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { LegalLayout, LegalSection } from './legal-layout';

const linkClass = 'font-semibold text-accent underline-offset-2 hover:underline';

/** When this statement was last checked against the site; change it with the statement. */
export const accessibilityReviewedOn = 'November 23, 2026';

export function AccessibilityPage() {
  usePageMeta(pageMeta[paths.accessibility]);
  const site = useSite();
  const siteName = site?.siteName ?? 'This site';
  return (
    <LegalLayout
      eyebrow="About this site"
      title="Accessibility Statement"
      intro={<p>{`${siteName} is for every player: registering a team, paying, following the tournament and running it must work for everyone.`}</p>}
      summary={
        <p>
          <strong>In short:</strong> we aim to meet WCAG 2.2 at level AA on every page, test each page with automated checks and by keyboard alone, and fix
          what you report.
        </p>
      }
    >
      <LegalSection id="standard" title="1. The standard we meet">
        <p>
          We aim to conform to the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. The site works with a keyboard alone, with screen readers, at
          400% zoom and on a 320-pixel-wide screen, with larger text spacing, and with reduced motion when your system asks for it. Colours keep a contrast of
          at least 4.5:1 for text and 3:1 for controls.
        </p>
      </LegalSection>

      <LegalSection id="testing" title="2. How we test it">
        <ul className="list-disc space-y-2 pl-5">
          <li>An automated check (axe) runs on every page, in every state it can be in (empty, full, closed, with errors), at desktop and phone widths, each time the site changes; any finding fails the change.</li>
          <li>Keyboard-only walks through the registration wizard up to the payment and through creating a tournament in the admin run the same way.</li>
          <li>We check focus order, visible focus, error messages tied to their fields, and what a screen reader announces when a page or step changes.</li>
        </ul>
      </LegalSection>

      <LegalSection id="limitations" title="3. Known limitations">
        <ul className="list-disc space-y-2 pl-5">
          <li>The card fields on the payment step are provided by our payment processor, Stripe, inside its own frame; their accessibility is Stripe&apos;s.</li>
          <li>Highlight videos in the Hall of Fame are embedded from YouTube or Twitch; captions depend on whoever published the clip.</li>
          <li>Team logos are uploaded by captains and are described by the team&apos;s name only.</li>
          <li>E-mails we send have a plain-text version for readers that do not show HTML.</li>
        </ul>
      </LegalSection>

      <LegalSection id="contact" title="4. Tell us about a problem">
        <p>
          If something on this site is hard or impossible for you to use, tell us through the{' '}
          <Link to={paths.contact} className={linkClass}>
            contact form
          </Link>{' '}
          {site?.supportEmail ? (
            <>
              or at{' '}
              <a href={`mailto:${site.supportEmail}`} className={linkClass}>
                {site.supportEmail}
              </a>
            </>
          ) : null}
          . Say which page and what you were trying to do; we answer within 24 hours and, until it is fixed, help you register or take part another way.
        </p>
        <p>This statement was last reviewed on {accessibilityReviewedOn}.</p>
      </LegalSection>
    </LegalLayout>
  );
}
