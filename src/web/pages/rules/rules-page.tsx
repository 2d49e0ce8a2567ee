import { Placeholder } from '../placeholder';

export function RulesPage() {
  return <Placeholder title="Rules & FAQ" />;
}
