import type { ReactNode } from 'react';

/** The heading band of an inner page: eyebrow, title (the page's h1) and a lead paragraph. */
const widths = { wide: 'max-w-7xl', medium: 'max-w-6xl', reading: 'max-w-5xl', narrow: 'max-w-3xl' } as const;

/** `width` matches the page's content column so the heading lines up with what follows. */
export function PageHeader({
  eyebrow,
  title,
  children,
  width = 'wide',
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  width?: keyof typeof widths;
}) {
  return (
    <header className="hero-backdrop relative overflow-hidden border-b border-border">
      <div className={`relative mx-auto ${widths[width]} px-4 py-12 sm:px-6 sm:py-16`}>
        {eyebrow && <p className="mb-3 text-xs font-bold uppercase tracking-[0.2em] text-primary">{eyebrow}</p>}
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-base text-muted sm:text-lg">{children}</div>}
      </div>
    </header>
  );
}
