import ArrowRight from 'lucide-react/icons/arrow-right';
import GitBranch from 'lucide-react/icons/git-branch';
import ScrollText from 'lucide-react/icons/scroll-text';
import type { ReactNode } from 'react';
import { NavAnchor } from '../../components/layout/nav-anchor';
import { paths } from '../../../shared/paths';
import { splitFirstWord } from '../../../shared/public-display';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';

/** The tournament name with its first word highlighted. */
function HighlightedName({ name }: { name: string }) {
  const { first, rest } = splitFirstWord(name);
  return (
    <>
      <span className="bg-gradient-to-r from-primary to-[#ff8a5c] bg-clip-text text-transparent">{first}</span>
      {rest}
    </>
  );
}

export function Hero({
  name,
  description,
  eyebrow,
  canRegister,
  aside,
  hasBracket = false,
  registerHref = paths.register,
  bracketHref = paths.bracket,
  rulesHref = paths.rules,
}: {
  name: string;
  description: string;
  eyebrow: ReactNode;
  canRegister: boolean;
  aside?: ReactNode;
  /** The tournament's bracket is out: link to it. */
  hasBracket?: boolean;
  /** Where Register Team and View Bracket lead: the featured cup's pages by default, a cup's own on its page. */
  registerHref?: string;
  bracketHref?: string;
  rulesHref?: string;
}) {
  const t = useT();
  return (
    <section aria-labelledby="hero-title" className="hero-backdrop relative overflow-hidden border-b border-border">
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.25fr_1fr]">
        <div>
          <div className="mb-5 flex flex-wrap items-center gap-2">{eyebrow}</div>
          <h1 id="hero-title" className="text-4xl font-black uppercase leading-[1.05] tracking-tight break-words sm:text-6xl">
            <HighlightedName name={name} />
          </h1>
          <p className="mt-5 max-w-xl whitespace-pre-line text-base text-muted sm:text-lg">{description}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {canRegister && (
              <Button asChild size="lg">
                <NavAnchor to={registerHref}>
                  {t('Register Team')}
                  <ArrowRight aria-hidden />
                </NavAnchor>
              </Button>
            )}
            {hasBracket && (
              <Button asChild size="lg">
                <NavAnchor to={bracketHref}>
                  <GitBranch aria-hidden />
                  {t('View Bracket')}
                </NavAnchor>
              </Button>
            )}
            <Button asChild size="lg" variant="secondary">
              <NavAnchor to={rulesHref}>
                <ScrollText aria-hidden />
                {t('View Rules')}
              </NavAnchor>
            </Button>
          </div>
        </div>
        {aside}
      </div>
    </section>
  );
}
