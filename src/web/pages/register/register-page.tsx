import { Placeholder } from '../placeholder';

export function RegisterPage() {
  return <Placeholder title="Team Registration" />;
}
