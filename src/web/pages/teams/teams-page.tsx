import { Placeholder } from '../placeholder';

export function TeamsPage() {
  return <Placeholder title="Registered Teams" />;
}
