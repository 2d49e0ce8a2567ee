import { Placeholder } from '../placeholder';

export function AdminLoginPage() {
  return <Placeholder title="Admin Sign In" />;
}
