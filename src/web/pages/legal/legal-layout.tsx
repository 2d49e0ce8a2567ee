import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../components/layout/page-header';

/** A readable, narrow column of policy text with a short summary box. */
export function LegalLayout({
  eyebrow,
  title,
  intro,
  summary,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader width="narrow" eyebrow={eyebrow} title={title}>
        {intro}
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <aside aria-label="Summary" className="mb-10 rounded-2xl border border-accent/30 bg-accent/5 p-5 text-sm leading-relaxed sm:p-6">
          {summary}
        </aside>
        <div>{children}</div>
        <p className="mt-12 border-t border-border pt-6 text-sm text-muted">
          Questions about this page?{' '}
          <Link to={paths.contact} className="font-semibold text-accent underline-offset-2 hover:underline">
            Contact us
          </Link>{' '}
          and we will answer within 24 hours.
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
