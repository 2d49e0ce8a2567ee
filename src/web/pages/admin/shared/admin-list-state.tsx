import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';

/** A list in the admin: skeleton rows while loading, a message when it failed or is empty, else the list. */
export function AdminListState({
  isPending,
  isError,
  isEmpty,
  errorText,
  emptyText,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  errorText: string;
  emptyText: string;
  children: ReactNode;
}) {
  if (isPending) {
    return (
      <div className="grid gap-2">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (isError) return <p className="py-8 text-center text-red-400">{errorText}</p>;
  if (isEmpty) return <p className="py-8 text-center text-muted">{emptyText}</p>;
  return <>{children}</>;
}
