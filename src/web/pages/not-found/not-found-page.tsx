import { Link } from 'react-router';
import { paths } from '../../../shared/paths';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-3 text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className="mt-6 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground">
        Back to Tournaments
      </Link>
    </section>
  );
}
