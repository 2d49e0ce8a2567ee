import { Outlet } from 'react-router';

/** Navigation bar, page, footer. (Navigation and footer: see the public-site pages.) */
export function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
