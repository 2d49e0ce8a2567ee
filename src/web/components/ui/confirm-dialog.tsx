import { Loader2 } from 'lucide-react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { HttpError } from '../../api';
import { useT } from '../../i18n/i18n';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
import { Button } from './button';

/**
 * A destructive (or publishing) action behind a confirmation: the trigger opens it, Cancel keeps everything, the
 * confirm button runs `onConfirm` with a spinner. A refusal stays in the dialog as an alert (the
 * server's reason for a 4xx, else `failureMessage`); success closes it and calls `onDone`.
 * `onConfirm` is awaited, not a mutation callback, because its refetch may unmount the trigger's row.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  confirmLabel,
  failureMessage,
  onConfirm,
  onDone,
  confirmVariant = 'destructive',
}: {
  trigger: ReactElement;
  title: string;
  description: string;
  children?: ReactNode;
  confirmLabel: string;
  failureMessage: string;
  onConfirm: () => Promise<unknown>;
  onDone?: () => void;
  /** 'default' for an action that publishes rather than destroys. */
  confirmVariant?: 'destructive' | 'default';
}) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function confirm() {
    setProblem(null);
    setIsPending(true);
    try {
      await onConfirm();
    } catch (error) {
      setProblem((error instanceof HttpError && error.status < 500 && error.serverMessage) || failureMessage);
      return;
    } finally {
      setIsPending(false);
    }
    setIsOpen(false);
    onDone?.();
  }

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => (setIsOpen(open), setProblem(null))}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent className="max-w-lg">
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-300">
            {problem}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>{t('Cancel')}</AlertDialogCancel>
          <Button variant={confirmVariant} onClick={confirm} disabled={isPending}>
            {isPending && <Loader2 aria-hidden className="animate-spin" />}
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
