import { Placeholder } from '../placeholder';

export function ContactPage() {
  return <Placeholder title="Contact" />;
}
