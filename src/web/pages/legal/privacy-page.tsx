import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { pageMeta } from '../../../shared/page-meta';
import type { SiteSettings } from '../../../shared/schemas/site';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { LegalLayout, LegalSection } from './legal-layout';

const linkClass = 'font-semibold text-accent underline-offset-2 hover:underline';

function years(days: number): string {
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`;
  return `${days} days`;
}

/** Who decides what happens to the data: the configured organizer, else the site under its own name. */
function Controller({ site }: { site: SiteSettings | undefined }) {
  if (!site) return <p>The organizer of this site.</p>;
  const name = site.organizerName ?? site.siteName;
  const contact = site.organizerContact ?? site.supportEmail;
  const isMail = /^[^@\s]+@[^@\s]+$/.test(contact);
  return (
    <p data-testid="privacy-controller">
      <strong>{name}</strong>, reachable at{' '}
      {isMail ? (
        <a href={`mailto:${contact}`} className={linkClass}>
          {contact}
        </a>
      ) : (
        contact
      )}
      .
    </p>
  );
}

export function PrivacyPage() {
  usePageMeta(pageMeta[paths.privacy]);
  const site = useSite();
  const contactDays = site?.retention.contactDays ?? 365;
  const teamDays = site?.retention.personalDataDays ?? 730;
  // Captains connect their Discord account only when the organizer set up a Discord application.
  const connectsDiscord = site?.discordConnect ?? false;
  return (
    <LegalLayout
      eyebrow="Legal"
      title="Privacy Policy"
      intro={<p>What we collect when you register a team, pay or write to us, why, who receives it, how long we keep it and how to get it back or erased.</p>}
      summary={
        <p>
          <strong>In short:</strong> we keep what is needed to run the tournament and take the entry fee, nothing for advertising and no tracking. A team&apos;s
          personal data is erased {years(teamDays)} after its tournament, or sooner when the captain asks; payment records stay as accounting law requires.
        </p>
      }
    >
      <LegalSection id="controller" title="1. Who is responsible">
        <Controller site={site} />
        <p>They decide why and how the data below is used, and answer every request about it.</p>
      </LegalSection>

      <LegalSection id="what" title="2. What we collect and why">
        <ul className="grid list-disc gap-2 pl-5">
          <li>
            <strong>Team registration:</strong> the team name and logo, the Riot IDs of the players and substitutes, the captain&apos;s Discord username and,
            when the captain gives one, an e-mail address. We need them to run the tournament: to keep each player on one team, to reach the captain on Discord
            and to send the receipt and the team link. The team name, logo and Riot IDs are shown publicly on the teams list, the bracket and, for winners, the
            Hall of Fame.
          </li>
          {connectsDiscord ? (
            <li data-testid="privacy-discord-account">
              <strong>Discord account:</strong> when the captain connects their Discord account at registration, the account&apos;s id and username. We use them
              to add the captain to our Discord server and to give them the tournament&apos;s captain role while the team is confirmed.
            </li>
          ) : null}
          <li>
            <strong>Consent:</strong> when the captain accepted the terms and confirmed the players&apos; ages, and which version of the terms it was.
          </li>
          <li>
            <strong>Payments:</strong> the amount, currency, date and the payment provider&apos;s reference of each payment and refund. Card details go straight
            to the payment provider; they never reach our servers.
          </li>
          <li>
            <strong>Contact messages:</strong> the name, e-mail address and message you send through the contact form, to answer you.
          </li>
          <li>
            <strong>Security:</strong> your network address, for a few minutes, to limit how often a form can be sent and sign-in attempts made.
          </li>
        </ul>
        <p>
          We rely on the contract with the team (running the tournament you entered), on our legal duty to keep accounting records, and on our legitimate
          interest in keeping the site safe.
        </p>
      </LegalSection>

      <LegalSection id="recipients" title="3. Who receives it">
        <ul className="grid list-disc gap-2 pl-5">
          <li>
            <strong>Stripe</strong>, our payment processor, receives the card details and the amount when a captain pays, and processes refunds.
          </li>
          {site?.mailConfigured ? (
            <li>
              <strong>Our mail provider</strong> delivers the e-mails we send: receipts, team links and answers to your messages.
            </li>
          ) : null}
          {connectsDiscord ? (
            <li>
              <strong>Discord</strong> receives what the site posts publicly there, such as tournament announcements and results, and, for a captain who
              connects their account, that the account joins our server and holds the tournament&apos;s captain role; never contact details.
            </li>
          ) : (
            <li>
              <strong>Discord</strong> receives only what the site posts publicly there, such as tournament announcements and results, never contact details.
            </li>
          )}
          <li data-testid="privacy-streams">
            <strong>Twitch and YouTube</strong> receive nothing from a page that shows a stream until you press its play button: only then does the player load
            from them, and they may set their own cookies. Opening the stream on their site instead is the same choice.
          </li>
        </ul>
        <p>We sell nothing and share nothing else. Nobody else receives your data unless the law obliges us.</p>
      </LegalSection>

      <LegalSection id="retention" title="4. How long we keep it">
        <ul className="grid list-disc gap-2 pl-5">
          <li>
            <strong>Team data</strong> (names, Riot IDs, Discord username{connectsDiscord ? ', Discord account id' : ''}, e-mail, logo): {years(teamDays)} after
            the tournament date, then erased. Winners&apos; team names stay in the Hall of Fame unless the team asked for erasure.
          </li>
          <li>
            <strong>Payment records</strong> (amounts, dates, references): as long as accounting law requires, without the names.
          </li>
          <li>
            <strong>Contact messages:</strong> {years(contactDays)}, then deleted.
          </li>
          <li>
            <strong>Network addresses:</strong> only for the few minutes a rate limit lasts. Organizer sign-in sessions are deleted when they expire.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="cookies" title="5. Cookies">
        <p>
          We set two cookies, both needed for the site to work: the organizer&apos;s sign-in session, and the captain&apos;s team cookie, which lets the browser
          that registered a team finish its payment. No advertising, analytics or tracking cookies, and no third-party trackers.
        </p>
        {site?.discordConnect && (
          <p>
            A captain who signs in with Discord on &ldquo;My Teams&rdquo; also gets a sign-in cookie holding their Discord account&apos;s id, signed by the site,
            for 30 days or until they sign out.
          </p>
        )}
        <p>
          The browser that registers a team, or opens its team link, also keeps that link, with the team&apos;s and the tournament&apos;s names, in its own
          storage, so that the header offers &ldquo;Your team&rdquo; on that device. It never leaves the browser except to open the team&apos;s page, and
          clearing the site&apos;s data forgets it.
        </p>
      </LegalSection>

      <LegalSection id="rights" title="6. Your rights">
        <p>
          You may ask for a copy of your data, its correction or its erasure, object to its use, and complain to your data protection authority. A captain can
          download the team&apos;s data or erase it on the team&apos;s private page (the team link); anyone can ask through the{' '}
          <Link to={paths.contact} className={linkClass}>
            contact form
          </Link>
          . An erasure keeps only what accounting law requires: the amounts, dates and references of payments and refunds. When the captain asks, it also
          removes the messages sent through the contact form from the team&apos;s e-mail address.
          {connectsDiscord ? " A connected Discord account's id is erased too, and the tournament's captain role is taken from the account." : ''} An erasure is
          final: if the site is ever restored from a backup taken before it, the team is erased again before the site is back online.
        </p>
        <p>
          Registration is open from age 13, with a parent&apos;s or guardian&apos;s consent under 18 (see the{' '}
          <Link to={paths.termsOfService} className={linkClass}>
            Terms of Service
          </Link>
          ).
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
