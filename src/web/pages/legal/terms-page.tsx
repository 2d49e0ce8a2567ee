import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { pageMeta } from '../../../shared/page-meta';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { LegalLayout, LegalSection } from './legal-layout';

const linkClass = 'font-semibold text-accent underline-offset-2 hover:underline';

export function TermsPage() {
  usePageMeta(pageMeta[paths.termsOfService]);
  const site = useSite();
  const siteName = site?.siteName ?? 'the organizer';
  return (
    <LegalLayout
      eyebrow="Legal"
      title="Terms of Service"
      intro={<p>The terms every team and player accepts by registering for one of our tournaments.</p>}
      summary={
        <p>
          <strong>In short:</strong> players must be 13 or older, and under-18s need a parent&apos;s or guardian&apos;s consent. The captain registers and pays
          for the team, everyone plays fair, and admin decisions are final.
        </p>
      }
    >
      <LegalSection id="eligibility" title="1. Eligibility">
        <p>The minimum age to take part is 13. Players under 18 may take part only with the consent of a parent or legal guardian.</p>
        <p>Each player must play on the game account registered for them and may be on only one team per tournament.</p>
      </LegalSection>

      <LegalSection id="registration" title="2. Team registration">
        <p>
          The team captain registers the team: five players (the captain and four others) and up to two substitutes. The captain confirms that every player
          agrees to these terms and that the details given are correct.
        </p>
      </LegalSection>

      <LegalSection id="fees" title="3. Entry fees and refunds">
        <p>
          The captain pays the entry fee for the whole team. A spot is confirmed once the payment succeeds. Refunds follow our{' '}
          <Link to={paths.refundPolicy} className={linkClass}>
            Refund Policy
          </Link>
          : full 48 hours or more before the start, 50% between 24 and 48 hours, none later, after the start or on disqualification, and full automatically if
          we cancel.
        </p>
      </LegalSection>

      <LegalSection id="format" title="4. Matches and technical rules">
        <p>Matches are best-of-1, single elimination, with a tournament draft, unless the tournament&apos;s own rules say otherwise.</p>
        <p>A disconnected player has 10 minutes to reconnect. Teams are responsible for their own hardware, connection and game client.</p>
        <p>
          Check-in, brackets and scheduling happen on our Discord; teams must be reachable there. See the{' '}
          <Link to={paths.rules} className={linkClass}>
            Rules &amp; FAQ
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection id="conduct" title="5. Fair play and conduct">
        <p>
          Cheats, scripts, account sharing, smurfing, exploiting bugs, match fixing, harassment and hate speech are forbidden. Breaking these rules leads to
          disqualification, without refund, and may bar a team or player from future tournaments.
        </p>
      </LegalSection>

      <LegalSection id="disputes" title="6. Disputes">
        <p>Disputes are reported to an admin on Discord. Admins decide within 30 minutes when possible, and their decisions are final.</p>
      </LegalSection>

      <LegalSection id="prizes" title="7. Prizes">
        <p>
          Prizes are paid to the winning team&apos;s captain after the result is confirmed. Winners may be featured in the Hall of Fame with their team name,
          logo, players and highlights.
        </p>
      </LegalSection>

      <LegalSection id="privacy" title="8. Personal data">
        <p>
          What we collect about teams and players, why, and how to export or erase it is set out in our{' '}
          <Link to={paths.privacy} className={linkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection id="changes" title="9. Changes and contact">
        <p>
          {siteName} may update these terms; the version published here applies to tournaments whose registration opens after the change. Questions go to{' '}
          {site ? (
            <a href={`mailto:${site.supportEmail}`} className={linkClass}>
              {site.supportEmail}
            </a>
          ) : (
            'our support address'
          )}
          .
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
