import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from './ui/card';

/** The one-card pages of the way in: sign-in, its code step, first-run setup and an invite. */
export function AuthCard({ icon: Icon, title, description, children }: { icon: LucideIcon; title: string; description: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto flex min-h-[70vh] max-w-md items-center px-4 py-12">
      <Card className="w-full">
        <CardHeader className="items-center text-center">
          <span className="mb-2 inline-flex h-12 w-12 items-center justify-center rounded-full bg-primary/15 text-primary">
            <Icon className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">{title}</h1>
          <CardDescription aria-live="polite">{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
