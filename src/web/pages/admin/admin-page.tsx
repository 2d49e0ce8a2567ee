import { Placeholder } from '../placeholder';

export function AdminPage() {
  return <Placeholder title="Tournament Administration" />;
}
