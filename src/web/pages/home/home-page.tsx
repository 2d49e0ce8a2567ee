import { Placeholder } from '../placeholder';

export function HomePage() {
  return <Placeholder title="Tournaments" />;
}
