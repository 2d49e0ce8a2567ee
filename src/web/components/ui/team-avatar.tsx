import { teamInitials } from '../../../shared/initials';
import { cn } from '../../lib/utils';

/** A team's logo, or its initials when it has none. */
export function TeamAvatar({ name, logoUrl, className }: { name: string; logoUrl: string | null; className?: string }) {
  if (logoUrl) {
    return <img src={logoUrl} alt="" loading="lazy" className={cn('size-12 shrink-0 rounded-lg border border-border bg-surface-2 object-cover', className)} />;
  }
  return (
    <span
      aria-hidden
      className={cn(
        'grid size-12 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-primary/90 to-accent/70 text-lg font-extrabold text-background',
        className,
      )}
    >
      {teamInitials(name)}
    </span>
  );
}
