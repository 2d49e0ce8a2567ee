import { Placeholder } from '../placeholder';

export function TermsPage() {
  return <Placeholder title="Terms of Service" />;
}
