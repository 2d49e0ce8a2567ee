import { Link } from 'react-router';
import { languageCookie, languageCookieMaxAgeSeconds } from '../../../shared/i18n/locales';
import type { Translate } from '../../../shared/i18n/translator';
import { paths } from '../../../shared/paths';
import { pageMeta } from '../../../shared/page-meta';
import type { SiteSettings } from '../../../shared/schemas/site';
import { useT } from '../../i18n/i18n';
import { Trans } from '../../i18n/trans';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { LegalLayout, LegalSection, strongPart } from './legal-layout';

const linkClass = 'font-semibold text-accent underline-offset-2 hover:underline';

/** A keeping period: whole years as years ("1 year", "2 years"), else days. */
function period(t: Translate, days: number): string {
  if (days % 365 === 0) return t('{count, plural, one {# year} other {# years}}', { count: days / 365 });
  return t('{count} days', { count: days });
}

/** Who decides what happens to the data: the configured organizer, else the site under its own name. */
function Controller({ site }: { site: SiteSettings | undefined }) {
  const t = useT();
  if (!site) return <p>{t('The organizer of this site.')}</p>;
  const name = site.organizerName ?? site.siteName;
  const contact = site.organizerContact ?? site.supportEmail;
  const isMail = /^[^@\s]+@[^@\s]+$/.test(contact);
  return (
    <p data-testid="privacy-controller">
      <Trans
        message="<strong>{name}</strong>, reachable at <contact>{contact}</contact>."
        values={{ name, contact }}
        parts={{
          ...strongPart,
          contact: (text) =>
            isMail ? (
              <a href={`mailto:${contact}`} className={linkClass}>
                {text}
              </a>
            ) : (
              text
            ),
        }}
      />
    </p>
  );
}

export function PrivacyPage() {
  usePageMeta(pageMeta[paths.privacy]);
  const t = useT();
  const site = useSite();
  const contactDays = site?.retention.contactDays ?? 365;
  const teamDays = site?.retention.personalDataDays ?? 730;
  // Captains connect their Discord account only when the organizer set up a Discord application.
  const connectsDiscord = site?.discordConnect ?? false;
  const contactForm = (text: string) => (
    <Link to={paths.contact} className={linkClass}>
      {text}
    </Link>
  );
  return (
    <LegalLayout
      eyebrow={t('Legal')}
      title={t('Privacy Policy')}
      intro={<p>{t('What we collect when you register a team, pay or write to us, why, who receives it, how long we keep it and how to get it back or erased.')}</p>}
      summary={
        <p>
          <Trans
            message="<strong>In short:</strong> we keep what is needed to run the tournament and take the entry fee, nothing for advertising and no tracking. A team's personal data is erased {period} after its tournament, or sooner when the captain asks; payment records stay as accounting law requires."
            values={{ period: period(t, teamDays) }}
            parts={strongPart}
          />
        </p>
      }
    >
      <LegalSection id="controller" title={t('1. Who is responsible')}>
        <Controller site={site} />
        <p>{t('They decide why and how the data below is used, and answer every request about it.')}</p>
      </LegalSection>

      <LegalSection id="what" title={t('2. What we collect and why')}>
        <ul className="grid list-disc gap-2 pl-5">
          <li>
            <Trans
              message="<strong>Team registration:</strong> the team name and logo, the Riot IDs of the players and substitutes, the captain's Discord username and, when the captain gives one, an e-mail address. We need them to run the tournament: to keep each player on one team, to reach the captain on Discord and to send the receipt and the team link. The team name, logo and Riot IDs are shown publicly on the teams list, the bracket and, for winners, the Hall of Fame."
              parts={strongPart}
            />
          </li>
          {connectsDiscord ? (
            <li data-testid="privacy-discord-account">
              <Trans
                message="<strong>Discord account:</strong> when the captain connects their Discord account at registration, the account's id and username. We use them to add the captain to our Discord server and to give them the tournament's captain role while the team is confirmed."
                parts={strongPart}
              />
            </li>
          ) : null}
          <li>
            <Trans
              message="<strong>Consent:</strong> when the captain accepted the terms and confirmed the players' ages, and which version of the terms it was."
              parts={strongPart}
            />
          </li>
          <li>
            <Trans
              message="<strong>Payments:</strong> the amount, currency, date and the payment provider's reference of each payment and refund. Card details go straight to the payment provider; they never reach our servers."
              parts={strongPart}
            />
          </li>
          <li>
            <Trans message="<strong>Contact messages:</strong> the name, e-mail address and message you send through the contact form, to answer you." parts={strongPart} />
          </li>
          <li>
            <Trans
              message="<strong>Security:</strong> your network address, for a few minutes, to limit how often a form can be sent and sign-in attempts made."
              parts={strongPart}
            />
          </li>
        </ul>
        <p>
          {t(
            'We rely on the contract with the team (running the tournament you entered), on our legal duty to keep accounting records, and on our legitimate interest in keeping the site safe.',
          )}
        </p>
      </LegalSection>

      <LegalSection id="recipients" title={t('3. Who receives it')}>
        <ul className="grid list-disc gap-2 pl-5">
          <li>
            <Trans
              message="<strong>Stripe</strong>, our payment processor, receives the card details and the amount when a captain pays, and processes refunds."
              parts={strongPart}
            />
          </li>
          {site?.mailConfigured ? (
            <li>
              <Trans
                message="<strong>Our mail provider</strong> delivers the e-mails we send: receipts, team links and answers to your messages."
                parts={strongPart}
              />
            </li>
          ) : null}
          {connectsDiscord ? (
            <li>
              <Trans
                message="<strong>Discord</strong> receives what the site posts publicly there, such as tournament announcements and results, and, for a captain who connects their account, that the account joins our server and holds the tournament's captain role; never contact details."
                parts={strongPart}
              />
            </li>
          ) : (
            <li>
              <Trans
                message="<strong>Discord</strong> receives only what the site posts publicly there, such as tournament announcements and results, never contact details."
                parts={strongPart}
              />
            </li>
          )}
          <li data-testid="privacy-streams">
            <Trans
              message="<strong>Twitch and YouTube</strong> receive nothing from a page that shows a stream until you press its play button: only then does the player load from them, and they may set their own cookies. Opening the stream on their site instead is the same choice."
              parts={strongPart}
            />
          </li>
        </ul>
        <p>{t('We sell nothing and share nothing else. Nobody else receives your data unless the law obliges us.')}</p>
      </LegalSection>

      <LegalSection id="retention" title={t('4. How long we keep it')}>
        <ul className="grid list-disc gap-2 pl-5">
          <li>
            <Trans
              message="<strong>Team data</strong> (names, Riot IDs, Discord username{discord, select, yes {, Discord account id} other {}}, e-mail, logo): {period} after the tournament date, then erased. Winners' team names stay in the Hall of Fame unless the team asked for erasure."
              values={{ discord: connectsDiscord ? 'yes' : 'no', period: period(t, teamDays) }}
              parts={strongPart}
            />
          </li>
          <li>
            <Trans message="<strong>Payment records</strong> (amounts, dates, references): as long as accounting law requires, without the names." parts={strongPart} />
          </li>
          <li>
            <Trans message="<strong>Contact messages:</strong> {period}, then deleted." values={{ period: period(t, contactDays) }} parts={strongPart} />
          </li>
          <li>
            <Trans
              message="<strong>Network addresses:</strong> only for the few minutes a rate limit lasts. Organizer sign-in sessions are deleted when they expire."
              parts={strongPart}
            />
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="cookies" title={t('5. Cookies')}>
        <p>
          {t(
            "We set two cookies, both needed for the site to work: the organizer's sign-in session, and the captain's team cookie, which lets the browser that registered a team finish its payment. No advertising, analytics or tracking cookies, and no third-party trackers.",
          )}
        </p>
        {site?.discordConnect && (
          <p>
            {t(
              "A captain who signs in with Discord on “My Teams” also gets a sign-in cookie holding their Discord account's id, signed by the site, for 30 days or until they sign out.",
            )}
          </p>
        )}
        <p data-testid="privacy-language-cookie">
          <Trans
            message="Choosing a language with the switch in the footer sets one more cookie, <code>{name}</code>, which remembers the language you chose for the site, for {period}. It is set only when you choose a language: a visit in the language your browser asks for sets none."
            values={{ name: languageCookie, period: period(t, languageCookieMaxAgeSeconds / (24 * 60 * 60)) }}
            parts={{ code: (text) => <code className="font-mono text-[0.9em]">{text}</code> }}
          />
        </p>
        <p>
          {t(
            "The browser that registers a team, or opens its team link, also keeps that link, with the team's and the tournament's names, in its own storage, so that the header offers “Your team” on that device. It never leaves the browser except to open the team's page, and clearing the site's data forgets it.",
          )}
        </p>
      </LegalSection>

      <LegalSection id="rights" title={t('6. Your rights')}>
        <p>
          <Trans
            message="You may ask for a copy of your data, its correction or its erasure, object to its use, and complain to your data protection authority. A captain can download the team's data or erase it on the team's private page (the team link); anyone can ask through the <link>contact form</link>."
            parts={{ link: contactForm }}
          />{' '}
          {t(
            "An erasure keeps only what accounting law requires: the amounts, dates and references of payments and refunds. When the captain asks, it also removes the messages sent through the contact form from the team's e-mail address.",
          )}{' '}
          {connectsDiscord ? (
            <>{t("A connected Discord account's id is erased too, and the tournament's captain role is taken from the account.")} </>
          ) : null}
          {t('An erasure is final: if the site is ever restored from a backup taken before it, the team is erased again before the site is back online.')}
        </p>
        <p>
          <Trans
            message="Registration is open from age 13, with a parent's or guardian's consent under 18 (see the <link>Terms of Service</link>)."
            parts={{
              link: (text) => (
                <Link to={paths.termsOfService} className={linkClass}>
                  {text}
                </Link>
              ),
            }}
          />
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
