import { Placeholder } from '../placeholder';

export function RefundPolicyPage() {
  return <Placeholder title="Refund Policy" />;
}
