import Swords from 'lucide-react/icons/swords';
import { paths } from '../../../shared/paths';
import { useT } from '../../i18n/i18n';
import { NavAnchor } from './nav-anchor';

/** Site mark and name (null while it loads); links home. */
export function Brand({ siteName, onNavigate }: { siteName: string | null; onNavigate?: () => void }) {
  const t = useT();
  return (
    <NavAnchor to={paths.home} onClick={onNavigate} className="group flex items-center gap-2.5 rounded-md font-extrabold tracking-tight">
      <span className="grid size-9 place-items-center rounded-lg bg-primary text-primary-foreground shadow-[0_0_24px_-4px_var(--color-primary)]">
        <Swords aria-hidden className="size-5" />
      </span>
      <span className="text-lg uppercase">
        {siteName ?? <span className="inline-block h-4 w-24 animate-pulse rounded bg-surface-2 align-middle" aria-hidden />}
        {siteName === null && <span className="sr-only">{t('Home')}</span>}
      </span>
    </NavAnchor>
  );
}
