import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PageNavigation } from '../../lib/page-navigation';

/** A page's navigation in the single-page app: its router's. */
export function useRouterNavigation(): PageNavigation {
  const routerNavigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useCallback((to: string, options?: { state?: object }) => void routerNavigate(to, { state: options?.state }), [routerNavigate]);
  const dropSearchParam = useCallback(
    (name: string) =>
      setSearchParams(
        (params) => {
          params.delete(name);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return { navigate, searchParams, dropSearchParam };
}
