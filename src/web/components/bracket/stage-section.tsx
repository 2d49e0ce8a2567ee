import { useId, type ReactNode } from 'react';
import { Heading, type HeadingLevel } from './round-columns';

/** A titled part of a stage: its heading at `level`, then what it holds. `isStage`: a whole stage (Groups, Playoffs), its title larger. */
export function StageSection({
  title,
  level,
  children,
  testId,
  isStage = false,
}: {
  title: string;
  level: HeadingLevel;
  children: ReactNode;
  testId?: string;
  isStage?: boolean;
}) {
  const headingId = useId();
  return (
    // min-w-0: a grid item, it must not grow to its rounds' full width (they scroll inside it).
    <section aria-labelledby={headingId} data-testid={testId} className="min-w-0">
      <Heading level={level} id={headingId} className={isStage ? 'mb-4 text-2xl font-extrabold tracking-tight' : 'mb-3 text-lg font-extrabold tracking-tight'}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
