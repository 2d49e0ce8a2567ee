import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useNow } from '../../lib/use-now';
import { useSite } from '../../lib/use-site';
import { myTeamsTexts } from '../../pages/my-teams/my-teams-texts';
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

export function SiteFooter() {
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
            Open online {site?.game ?? ''} team tournaments with cash prizes. Brackets, scheduling and match support happen on our Discord.
          </p>
          <ul aria-label="Social media" className="flex gap-2">
            {socials.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} (opens in a new tab)`}
                  className="grid size-10 place-items-center rounded-lg border border-border text-muted transition-colors hover:border-primary hover:text-foreground"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterColumn title="Compete">
          <li>
            <Link to={paths.register} className={linkClass}>
              Register Team
            </Link>
          </li>
          <li>
            <Link to={paths.rules} className={linkClass}>
              Rules &amp; Format
            </Link>
          </li>
          {/* Only where captains can sign in with Discord (the site's Discord application). */}
          {site?.discordConnect && (
            <li>
              <Link to={paths.myTeams} className={linkClass}>
                {myTeamsTexts.footerLink}
              </Link>
            </li>
          )}
          <li>
            <External href={site?.discordInviteUrl}>Discord</External>
          </li>
        </FooterColumn>
        <FooterColumn title="Community">
          <li>
            <Link to={paths.hallOfFame} className={linkClass}>
              Hall of Fame
            </Link>
          </li>
          <li>
            <Link to={`${paths.rules}#faq`} className={linkClass}>
              FAQ
            </Link>
          </li>
          <li>
            <Link to={paths.contact} className={linkClass}>
              Contact Us
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn title="Legal">
          <li>
            <Link to={paths.refundPolicy} className={linkClass}>
              Refund Policy
            </Link>
          </li>
          <li>
            <Link to={paths.termsOfService} className={linkClass}>
              Terms of Service
            </Link>
          </li>
          <li>
            <Link to={paths.privacy} className={linkClass}>
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link to={paths.accessibility} className={linkClass}>
              Accessibility
            </Link>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-muted sm:px-6">
          © {now.getFullYear()} {site?.siteName}. Players must be 13 or older; under 18 with parental consent.
        </p>
      </div>
    </footer>
  );
}
