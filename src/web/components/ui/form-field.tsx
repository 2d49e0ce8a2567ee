import { useId, type ReactElement, cloneElement } from 'react';
import type { FieldError } from 'react-hook-form';
import { Label } from './input';

/**
 * The one form wrapper: label, control, validation message. The control gets its id,
 * aria-invalid and aria-describedby wired to the message.
 */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: FieldError | { message?: string };
  hint?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error?.message ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, 'aria-invalid': error?.message ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={messageId} role="alert" className="text-sm font-medium text-red-400">
          {error.message}
        </p>
      )}
    </div>
  );
}
