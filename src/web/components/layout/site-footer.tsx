import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { languageParameter, localeNames, locales } from '../../../shared/i18n/locales';
import { paths } from '../../../shared/paths';
import { useLocale, useT } from '../../i18n/i18n';
import { useNow } from '../../lib/use-now';
import { useSite } from '../../lib/use-site';
import { Brand } from './brand';
import { DiscordIcon, TiktokIcon, TwitchIcon, YoutubeIcon } from './brand-icons';

const linkClass = 'rounded text-sm text-muted transition-colors hover:text-foreground';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-xs font-bold uppercase tracking-widest text-foreground">{title}</h2>
      <ul className="grid gap-2.5">{children}</ul>
    </div>
  );
}

function External({ href, children }: { href: string | undefined; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
    </a>
  );
}

/**
 * The language switch: plain links, so the server answers the page in the chosen language and
 * remembers it (a cookie); the address keeps its meaning in every language.
 */
function LanguageSwitch() {
  const t = useT();
  const current = useLocale();
  // The same address in the other language: its other parameters (a listing's page, ?waitlist) kept.
  const { search } = useLocation();
  const addressIn = (locale: string) => {
    const parameters = new URLSearchParams(search);
    parameters.set(languageParameter, locale);
    return `?${parameters.toString()}`;
  };
  return (
    <nav aria-label={t('Language')} className="flex flex-wrap items-center gap-x-4 gap-y-2">
      {locales.map((locale) => (
        <a
          key={locale}
          href={addressIn(locale)}
          lang={locale}
          hrefLang={locale}
          aria-current={locale === current ? 'true' : undefined}
          className={`${linkClass} aria-[current=true]:font-semibold aria-[current=true]:text-foreground`}
        >
          {localeNames[locale]}
        </a>
      ))}
    </nav>
  );
}

export function SiteFooter() {
  const t = useT();
  const site = useSite();
  const now = useNow();
  const socials = [
    { label: 'YouTube', href: site?.socialLinks.youtube, Icon: YoutubeIcon },
    { label: 'Twitch', href: site?.socialLinks.twitch, Icon: TwitchIcon },
    { label: 'TikTok', href: site?.socialLinks.tiktok, Icon: TiktokIcon },
    { label: 'Discord', href: site?.socialLinks.discord, Icon: DiscordIcon },
  ].filter(({ href }) => href !== '');
  return (
    <footer className="mt-16 border-t border-border bg-surface/60">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="col-span-2 grid content-start gap-4 sm:col-span-3 md:col-span-1">
          <Brand siteName={site?.siteName ?? null} />
          <p className="max-w-xs text-sm text-muted">
            {t('Open online {game} team tournaments with cash prizes. Brackets, scheduling and match support happen on our Discord.', { game: site?.game ?? '' })}
          </p>
          <ul aria-label={t('Social media')} className="flex gap-2">
            {socials.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('{label} (opens in a new tab)', { label })}
                  className="grid size-10 place-items-center rounded-lg border border-border text-muted transition-colors hover:border-primary hover:text-foreground"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterColumn title={t('Compete')}>
          <li>
            <Link to={paths.register} className={linkClass}>
              {t('Register Team')}
            </Link>
          </li>
          <li>
            <Link to={paths.rules} className={linkClass}>
              {t('Rules & Format')}
            </Link>
          </li>
          {/* Only where captains can sign in with Discord (the site's Discord application). */}
          {site?.discordConnect && (
            <li>
              <Link to={paths.myTeams} className={linkClass}>
                {t('My Teams')}
              </Link>
            </li>
          )}
          <li>
            <External href={site?.discordInviteUrl}>Discord</External>
          </li>
        </FooterColumn>
        <FooterColumn title={t('Community')}>
          <li>
            <Link to={paths.hallOfFame} className={linkClass}>
              {t('Hall of Fame')}
            </Link>
          </li>
          <li>
            <Link to={`${paths.rules}#faq`} className={linkClass}>
              {t('FAQ')}
            </Link>
          </li>
          <li>
            <Link to={paths.contact} className={linkClass}>
              {t('Contact Us')}
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn title={t('Legal')}>
          <li>
            <Link to={paths.refundPolicy} className={linkClass}>
              {t('Refund Policy')}
            </Link>
          </li>
          <li>
            <Link to={paths.termsOfService} className={linkClass}>
              {t('Terms of Service')}
            </Link>
          </li>
          <li>
            <Link to={paths.privacy} className={linkClass}>
              {t('Privacy Policy')}
            </Link>
          </li>
          <li>
            <Link to={paths.accessibility} className={linkClass}>
              {t('Accessibility')}
            </Link>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="text-xs text-muted">
            {t('© {year} {siteName}. Players must be 13 or older; under 18 with parental consent.', { year: String(now.getFullYear()), siteName: site?.siteName ?? '' })}
          </p>
          <LanguageSwitch />
        </div>
      </div>
    </footer>
  );
}
