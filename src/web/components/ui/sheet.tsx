import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useT } from '../../i18n/i18n';
import { cn } from '../../lib/utils';

/** A side drawer: a Radix dialog sliding in from the right (focus trapped, Escape closes). */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

export function SheetContent({ className, children, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  const t = useT();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="sheet-overlay fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
      <DialogPrimitive.Content
        className={cn(
          'sheet-content fixed inset-y-0 right-0 z-50 flex h-full w-[85vw] max-w-xs flex-col gap-6 overflow-y-auto border-l border-border bg-surface p-6 shadow-2xl',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close aria-label={t('Close menu')} className="absolute right-4 top-4 rounded-md p-2 text-muted hover:bg-surface-2 hover:text-foreground">
          <X className="size-5" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
