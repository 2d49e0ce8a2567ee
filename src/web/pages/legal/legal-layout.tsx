import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { sourceLocale } from '../../../shared/i18n/locales';
import { legalTextsVersion } from '../../../shared/legal-version';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../components/layout/page-header';
import { useLocale, useT } from '../../i18n/i18n';
import { Trans } from '../../i18n/trans';

/**
 * A readable, narrow column of policy text with a short summary box. In another language than
 * English the page opens with a notice: which version of the English text it translates (the
 * version a captain accepts, src/shared/legal-version.ts) and that only the English is binding; a
 * page that binds no one (the accessibility statement) gives its own `translationNotice`. The
 * English page shows none.
 */
export function LegalLayout({
  eyebrow,
  title,
  intro,
  summary,
  translationNotice,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  summary: ReactNode;
  translationNotice?: string;
  children: ReactNode;
}) {
  const t = useT();
  const isTranslated = useLocale() !== sourceLocale;
  return (
    <>
      <PageHeader width="narrow" eyebrow={eyebrow} title={title}>
        {intro}
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        {isTranslated && (
          <p role="note" data-testid="legal-translation-notice" className="mb-6 rounded-2xl border border-border bg-surface-2 p-4 text-sm leading-relaxed sm:px-6">
            {translationNotice ??
              t('This translation is provided for convenience and translates version {version} of the English text. Only the English text is binding.', {
                version: legalTextsVersion,
              })}
          </p>
        )}
        <aside aria-label={t('Summary')} className="mb-10 rounded-2xl border border-accent/30 bg-accent/5 p-5 text-sm leading-relaxed sm:p-6">
          {summary}
        </aside>
        <div>{children}</div>
        <p className="mt-12 border-t border-border pt-6 text-sm text-muted">
          <Trans
            message="Questions about this page? <contact>Contact us</contact> and we will answer within 24 hours."
            parts={{
              contact: (text) => (
                <Link to={paths.contact} className="font-semibold text-accent underline-offset-2 hover:underline">
                  {text}
                </Link>
              ),
            }}
          />
        </p>
      </div>
    </>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10 first:mt-0">
      <h2 id={id} className="mb-3 text-xl font-extrabold tracking-tight">
        {title}
      </h2>
      <div className="grid gap-3 text-[0.95rem] leading-relaxed text-foreground/90">{children}</div>
    </section>
  );
}

/** The bold words of a translated sentence (`<strong>In short:</strong>`), as `Trans` parts. */
export const strongPart = { strong: (text: string) => <strong>{text}</strong> };
