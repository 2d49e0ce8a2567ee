import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/**
 * The admin's card around a table or a list: its title and description, the tab's actions beside
 * them (they wrap below on a phone), then the rows. No children, no body (check-in switched off).
 */
export function TableCard({
  title,
  icon: Icon,
  description,
  actions,
  contentClassName,
  children,
  ...card
}: {
  title: ReactNode;
  icon?: LucideIcon;
  description: ReactNode;
  actions?: ReactNode;
  contentClassName?: string;
  children?: ReactNode;
} & Omit<ComponentProps<typeof Card>, 'title' | 'children'>) {
  const heading = (
    <>
      {Icon ? (
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden className="size-5" />
          {title}
        </CardTitle>
      ) : (
        <CardTitle>{title}</CardTitle>
      )}
      <CardDescription>{description}</CardDescription>
    </>
  );
  return (
    <Card {...card}>
      {actions ? (
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">{heading}</div>
          {actions}
        </CardHeader>
      ) : (
        <CardHeader>{heading}</CardHeader>
      )}
      {children ? <CardContent className={contentClassName}>{children}</CardContent> : null}
    </Card>
  );
}
