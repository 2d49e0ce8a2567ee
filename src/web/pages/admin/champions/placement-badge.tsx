import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../i18n/i18n';
import { cn } from '../../../lib/utils';

/** 1 → "1st", 2 → "2nd", 3 → "3rd", 11 → "11th", 22 → "22nd". */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

const podium: Record<number, string> = {
  1: 'border-transparent bg-yellow-400/20 text-yellow-200',
  2: 'border-transparent bg-slate-300/20 text-slate-100',
  3: 'border-transparent bg-orange-500/20 text-orange-200',
};

export function PlacementBadge({ placement }: { placement: number }) {
  const t = useT();
  return (
    <Badge variant="outline" className={cn(podium[placement])}>
      {/* English's ordinal suffix (1st, 2nd…) from ordinal(); other languages write their own form of the number. */}
      {t('{placement}{suffix, select, st {st} nd {nd} rd {rd} other {th}}', { placement: String(placement), suffix: ordinal(placement).slice(String(placement).length) })}
    </Badge>
  );
}
