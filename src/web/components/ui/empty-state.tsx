import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** A centred "nothing here yet" panel: icon, title, message and optional actions. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  actions,
  className,
  headingLevel = 3,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={cn('flex flex-col items-center rounded-xl border border-dashed border-border bg-surface/50 px-6 py-12 text-center', className)}>
      <span className="mb-4 grid size-14 place-items-center rounded-full bg-surface-2 text-muted">
        <Icon aria-hidden className="size-7" />
      </span>
      <Heading className="text-xl font-bold">{title}</Heading>
      {children && <div className="mt-2 max-w-md text-sm text-muted">{children}</div>}
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
