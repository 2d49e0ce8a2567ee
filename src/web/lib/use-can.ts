import { useQuery } from '@tanstack/react-query';
import { can, type Permission } from '../../shared/permissions';
import { authUserQuery } from '../queries/public';

/** What the signed-in account's role may do, from the table the server enforces: the panel shows only that. */
export function useCan(): (permission: Permission) => boolean {
  const { data: user } = useQuery(authUserQuery());
  return (permission) => can(user?.role, permission);
}
