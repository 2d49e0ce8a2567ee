import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { pageMeta } from '../../../shared/page-meta';
import { useT } from '../../i18n/i18n';
import { Trans } from '../../i18n/trans';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { LegalLayout, LegalSection, strongPart } from './legal-layout';

const linkClass = 'font-semibold text-accent underline-offset-2 hover:underline';

export function TermsPage() {
  usePageMeta(pageMeta[paths.termsOfService]);
  const t = useT();
  const site = useSite();
  const siteName = site?.siteName ?? t('the organizer');
  return (
    <LegalLayout
      eyebrow={t('Legal')}
      title={t('Terms of Service')}
      intro={<p>{t('The terms every team and player accepts by registering for one of our tournaments.')}</p>}
      summary={
        <p>
          <Trans
            message="<strong>In short:</strong> players must be 13 or older, and under-18s need a parent's or guardian's consent. The captain registers and pays for the team, everyone plays fair, and admin decisions are final."
            parts={strongPart}
          />
        </p>
      }
    >
      <LegalSection id="eligibility" title={t('1. Eligibility')}>
        <p>{t('The minimum age to take part is 13. Players under 18 may take part only with the consent of a parent or legal guardian.')}</p>
        <p>{t('Each player must play on the game account registered for them and may be on only one team per tournament.')}</p>
      </LegalSection>

      <LegalSection id="registration" title={t('2. Team registration')}>
        <p>
          {t(
            'The team captain registers the team: five players (the captain and four others) and up to two substitutes. The captain confirms that every player agrees to these terms and that the details given are correct.',
          )}
        </p>
      </LegalSection>

      <LegalSection id="fees" title={t('3. Entry fees and refunds')}>
        <p>
          <Trans
            message="The captain pays the entry fee for the whole team. A spot is confirmed once the payment succeeds. Refunds follow our <link>Refund Policy</link>: full 48 hours or more before the start, 50% between 24 and 48 hours, none later, after the start or on disqualification, and full automatically if we cancel."
            parts={{
              link: (text) => (
                <Link to={paths.refundPolicy} className={linkClass}>
                  {text}
                </Link>
              ),
            }}
          />
        </p>
      </LegalSection>

      <LegalSection id="format" title={t('4. Matches and technical rules')}>
        <p>{t("Matches are best-of-1, single elimination, with a tournament draft, unless the tournament's own rules say otherwise.")}</p>
        <p>{t('A disconnected player has 10 minutes to reconnect. Teams are responsible for their own hardware, connection and game client.')}</p>
        <p>
          <Trans
            message="Check-in, brackets and scheduling happen on our Discord; teams must be reachable there. See the <link>Rules & FAQ</link>."
            parts={{
              link: (text) => (
                <Link to={paths.rules} className={linkClass}>
                  {text}
                </Link>
              ),
            }}
          />
        </p>
      </LegalSection>

      <LegalSection id="conduct" title={t('5. Fair play and conduct')}>
        <p>
          {t(
            'Cheats, scripts, account sharing, smurfing, exploiting bugs, match fixing, harassment and hate speech are forbidden. Breaking these rules leads to disqualification, without refund, and may bar a team or player from future tournaments.',
          )}
        </p>
      </LegalSection>

      <LegalSection id="disputes" title={t('6. Disputes')}>
        <p>{t('Disputes are reported to an admin on Discord. Admins decide within 30 minutes when possible, and their decisions are final.')}</p>
      </LegalSection>

      <LegalSection id="prizes" title={t('7. Prizes')}>
        <p>
          {t(
            "Prizes are paid to the winning team's captain after the result is confirmed. Winners may be featured in the Hall of Fame with their team name, logo, players and highlights.",
          )}
        </p>
      </LegalSection>

      <LegalSection id="privacy" title={t('8. Personal data')}>
        <p>
          <Trans
            message="What we collect about teams and players, why, and how to export or erase it is set out in our <link>Privacy Policy</link>."
            parts={{
              link: (text) => (
                <Link to={paths.privacy} className={linkClass}>
                  {text}
                </Link>
              ),
            }}
          />
        </p>
      </LegalSection>

      <LegalSection id="changes" title={t('9. Changes and contact')}>
        <p>
          <Trans
            message="{siteName} may update these terms; the version published here applies to tournaments whose registration opens after the change. Questions go to <mail>{address}</mail>."
            values={{ siteName, address: site ? site.supportEmail : t('our support address') }}
            parts={{
              mail: (text) =>
                site ? (
                  <a href={`mailto:${site.supportEmail}`} className={linkClass}>
                    {text}
                  </a>
                ) : (
                  text
                ),
            }}
          />
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
