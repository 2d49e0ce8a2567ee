import { Placeholder } from '../placeholder';

export function HallOfFamePage() {
  return <Placeholder title="Hall of Fame" />;
}
