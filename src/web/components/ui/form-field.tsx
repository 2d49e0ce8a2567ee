import { useId, type ReactElement, type ReactNode, cloneElement } from 'react';
import type { FieldError } from 'react-hook-form';
import { useT } from '../../i18n/i18n';
import { Label } from './input';

/** What the wrapper wires onto the control: its label's target, and its message and hint. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * The one form wrapper: label, control, validation message. The control gets its id,
 * aria-invalid and aria-describedby wired to the message. Pass the control itself as the child,
 * or, when it sits inside a layout (a preview beside a file input, a remove button beside a
 * field), a function that spreads the props onto the control, never onto its wrapper.
 */
export function FormField({
  id: givenId,
  label,
  error,
  hint,
  children,
}: {
  /** The control's id, for a form in an island: Preact's useId differs from the server's React, and the ids tie the hint and message to the control. */
  id?: string;
  label: string;
  error?: FieldError | { message?: string };
  hint?: string;
  children: ReactElement<Record<string, unknown>> | ((control: FieldControlProps) => ReactNode);
}) {
  const t = useT();
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error?.message ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = { id, 'aria-invalid': error?.message ? true : undefined, 'aria-describedby': describedBy };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {typeof children === 'function' ? children(control) : cloneElement(children, { ...control })}
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={messageId} role="alert" className="text-sm font-medium text-red-400">
          {/* A schema's message (marked with msg) or one the form set: shown in the page's language when a catalog has it. */}
          {t(error.message)}
        </p>
      )}
    </div>
  );
}
