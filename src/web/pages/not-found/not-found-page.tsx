import Compass from 'lucide-react/icons/compass';
import House from 'lucide-react/icons/house';
import { Link } from 'react-router';
import { notFoundMeta } from '../../../shared/page-meta';
import { paths } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { usePageMeta } from '../../lib/use-page-meta';
import { useT } from '../../i18n/i18n';

export function NotFoundPage() {
  usePageMeta(notFoundMeta);
  const t = useT();
  return (
    <section className="hero-backdrop relative flex min-h-[60vh] items-center overflow-hidden">
      <div className="relative mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <span className="mb-6 grid size-16 place-items-center rounded-2xl bg-surface-2 text-primary">
          <Compass aria-hidden className="size-8" />
        </span>
        <h1 className="text-3xl font-black tracking-tight sm:text-5xl">{t('404 Page Not Found')}</h1>
        <p className="mt-4 text-base text-muted sm:text-lg">{t('This page is out of bounds. It may have moved, or the link may be wrong.')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={paths.home}>
              <House aria-hidden />
              {t('Back to Tournaments')}
            </Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={paths.contact}>{t('Contact Us')}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
