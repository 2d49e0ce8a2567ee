import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { useT } from '../../i18n/i18n';
import { cn } from '../../lib/utils';
import { dismissToast, useToasts, type ToastData } from './use-toast';

const variants = {
  default: 'border-border bg-surface-2 text-foreground',
  success: 'border-success/60 bg-surface-2 text-foreground',
  destructive: 'border-danger bg-danger text-white',
};

function ToastLink({ action, onFollow }: { action: NonNullable<ToastData['action']>; onFollow: () => void }) {
  return (
    <Toast.Action altText={action.label} asChild>
      <a
        href={action.href}
        className="mt-1 justify-self-start rounded-md border border-current/40 px-3 py-1.5 text-sm font-semibold hover:bg-white/10"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onFollow();
          action.onNavigate(action.href);
        }}
      >
        {action.label}
      </a>
    </Toast.Action>
  );
}

/** Radix toasts: 5 s display, swipe right to dismiss, F8 focuses the viewport. */
export function Toaster() {
  const t = useT();
  const toasts = useToasts();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          // A toast with a link stays longer: time to read it and reach the link (the header keeps it too).
          duration={item.action ? 15_000 : undefined}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          data-testid="toast"
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-xl',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0',
            variants[item.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            {item.title && <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>}
            {item.description && <Toast.Description className="text-sm">{item.description}</Toast.Description>}
            {item.action && <ToastLink action={item.action} onFollow={() => dismissToast(item.id)} />}
          </div>
          <Toast.Close aria-label={t('Close notification')} className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport hotkey={['F8']} className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]" />
    </Toast.Provider>
  );
}
