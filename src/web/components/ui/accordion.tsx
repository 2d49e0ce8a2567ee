import ChevronDown from 'lucide-react/icons/chevron-down';
import { createContext, useContext, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/utils';

/**
 * An accordion in the WAI-ARIA pattern: one item open at a time, the open one closes again, the
 * arrow keys (and Home, End) move between the questions. Written here rather than Radix's: the FAQ
 * is an island (issue 32), and the ids that tie a question to its answer must be the same in the
 * server's HTML and once hydrated, which ids from useId are not under the islands' Preact. So they
 * come from the accordion's `id` and each item's `value`.
 */
const AccordionContext = createContext<{ id: string; open: string | null; toggle: (value: string) => void }>({ id: '', open: null, toggle: () => {} });
const ItemContext = createContext<{ value: string; triggerId: string; contentId: string; state: 'open' | 'closed' }>({ value: '', triggerId: '', contentId: '', state: 'closed' });

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const triggers = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[data-accordion-trigger]')];
  const at = triggers.indexOf(event.target as HTMLButtonElement);
  if (at === -1) return;
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: triggers.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  triggers[(next + triggers.length) % triggers.length]?.focus();
}

export function Accordion({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  const [open, setOpen] = useState<string | null>(null);
  const toggle = (value: string) => setOpen((current) => (current === value ? null : value));
  return (
    <AccordionContext.Provider value={{ id, open, toggle }}>
      <div data-orientation="vertical" className={className} onKeyDown={moveFocus}>
        {children}
      </div>
    </AccordionContext.Provider>
  );
}

export function AccordionItem({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const { id, open } = useContext(AccordionContext);
  const state = open === value ? 'open' : 'closed';
  return (
    <ItemContext.Provider value={{ value, triggerId: `${id}-${value}-question`, contentId: `${id}-${value}-answer`, state }}>
      <div data-state={state} data-orientation="vertical" className={cn('border-b border-border last:border-b-0', className)}>
        {children}
      </div>
    </ItemContext.Provider>
  );
}

export function AccordionTrigger({ className, children, ...props }: Omit<ComponentProps<'button'>, 'id' | 'onClick'>) {
  const { toggle } = useContext(AccordionContext);
  const { value, triggerId, contentId, state } = useContext(ItemContext);
  return (
    <h3 data-orientation="vertical" data-state={state} className="flex">
      <button
        type="button"
        id={triggerId}
        aria-controls={contentId}
        aria-expanded={state === 'open'}
        data-state={state}
        data-orientation="vertical"
        data-accordion-trigger=""
        className={cn(
          'group flex flex-1 items-center justify-between gap-4 rounded-md py-4 text-left text-base font-semibold transition-colors hover:text-accent',
          className,
        )}
        onClick={() => toggle(value)}
        {...props}
      >
        {children}
        <ChevronDown aria-hidden className="size-5 shrink-0 text-muted transition-transform duration-200 group-data-[state=open]:rotate-180" />
      </button>
    </h3>
  );
}

/** The answer's box is always there (the question's aria-controls names it), hidden and empty while closed, as Radix's was. */
export function AccordionContent({ className, children }: { className?: string; children: ReactNode }) {
  const { triggerId, contentId, state } = useContext(ItemContext);
  return (
    <div
      data-state={state}
      id={contentId}
      hidden={state === 'closed'}
      role="region"
      aria-labelledby={triggerId}
      data-orientation="vertical"
      className="overflow-hidden text-sm text-muted"
    >
      {state === 'open' && <div className={cn('pb-5 leading-relaxed', className)}>{children}</div>}
    </div>
  );
}
