import Swords from 'lucide-react/icons/swords';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSite } from '../../lib/use-site';

/** Site mark and name; links home. */
export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  const site = useSite();
  return (
    <Link to={paths.home} onClick={onNavigate} className="group flex items-center gap-2.5 rounded-md font-extrabold tracking-tight">
      <span className="grid size-9 place-items-center rounded-lg bg-primary text-primary-foreground shadow-[0_0_24px_-4px_var(--color-primary)]">
        <Swords aria-hidden className="size-5" />
      </span>
      <span className="text-lg uppercase">
        {site?.siteName ?? <span className="inline-block h-4 w-24 animate-pulse rounded bg-surface-2 align-middle" aria-hidden />}
        {!site && <span className="sr-only">Home</span>}
      </span>
    </Link>
  );
}
