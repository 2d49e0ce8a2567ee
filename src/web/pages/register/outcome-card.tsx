import type { ReactNode } from 'react';
import { Card, CardContent } from '../../components/ui/card';
import { cn } from '../../lib/utils';

/** A page-filling card for where registration ends instead of the wizard: closed, refunded. */
export function OutcomeCard({ testId, icon, iconClassName, title, children, actions }: { testId: string; icon: ReactNode; iconClassName: string; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-lg items-center px-4 py-12">
      <Card className="w-full text-center" data-testid={testId}>
        <CardContent className="grid justify-items-center gap-4 p-8">
          <span className={cn('grid size-14 place-items-center rounded-full', iconClassName)}>{icon}</span>
          <h1 className="text-2xl font-extrabold">{title}</h1>
          {children}
          <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div>
        </CardContent>
      </Card>
    </section>
  );
}
