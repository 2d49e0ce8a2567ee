import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A titled section of a cup's page, reachable by its id (#teams, #bracket, #rules). */
export function Section({ id, icon: Icon, title, children }: { id: string; icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="scroll-mt-20">
      <h2 id={`${id}-title`} className="mb-4 flex items-center gap-2 text-2xl font-extrabold tracking-tight">
        <Icon aria-hidden className="size-6 text-accent" />
        {title}
      </h2>
      {children}
    </section>
  );
}
