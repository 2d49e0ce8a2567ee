import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { paths } from '../../../shared/paths';
import { consentMessages, type RegistrationForm } from '../../../shared/schemas/team';
import { useT } from '../../i18n/i18n';
import { Trans } from '../../i18n/trans';

type ConsentField = 'acceptedTerms' | 'ageConfirmed';

const linkClass = 'font-semibold text-accent underline underline-offset-2';

/**
 * A legal text opened beside the form, so a half-filled step 1 is not lost. The box's hint says so
 * once, instead of "(opens in a new tab)" three times inside its label.
 */
function NewTabLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
    </a>
  );
}

/**
 * The id of a registration field (and of what describes it): from its name, not useId, because the
 * wizard is hydrated by Preact, whose ids differ from the server's React, and hydrating keeps the
 * server's: a field's hint or message would lose its tie to the field. One form per page.
 */
export const fieldId = (name: string) => `registration-${name}`;

function ConsentBox({
  form,
  name,
  isLocked,
  hint,
  children,
}: {
  form: UseFormReturn<RegistrationForm>;
  name: ConsentField;
  isLocked: boolean;
  hint?: string;
  children: ReactNode;
}) {
  const t = useT();
  const id = fieldId(name);
  const error = form.formState.errors[name]?.message;
  const describedBy = [error && `${id}-message`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          disabled={isLocked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-[var(--color-primary)] disabled:cursor-not-allowed"
          {...form.register(name)}
        />
        <label htmlFor={id} className="text-sm leading-relaxed">
          {children}
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="pl-8 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-message`} role="alert" className="pl-8 text-sm font-medium text-red-400">
          {t(error)}
        </p>
      )}
    </div>
  );
}

/** The two agreements step 1 needs before a team is created: the terms and the players' ages. */
export function ConsentFields({ form, isLocked }: { form: UseFormReturn<RegistrationForm>; isLocked: boolean }) {
  const t = useT();
  return (
    <div className="grid gap-3 rounded-lg border border-border bg-background/40 p-4 sm:p-5">
      <ConsentBox form={form} name="acceptedTerms" isLocked={isLocked} hint={t('The links open in a new tab.')}>
        <Trans
          message="I accept the <terms>Terms of Service</terms>, the <rules>rules</rules> and the <refunds>Refund Policy</refunds>"
          parts={{
            terms: (text) => <NewTabLink to={paths.termsOfService}>{text}</NewTabLink>,
            rules: (text) => <NewTabLink to={paths.rules}>{text}</NewTabLink>,
            refunds: (text) => <NewTabLink to={paths.refundPolicy}>{text}</NewTabLink>,
          }}
        />
      </ConsentBox>
      <ConsentBox form={form} name="ageConfirmed" isLocked={isLocked}>
        {t("Every player on this roster is at least 13, and players under 18 have a parent's or guardian's consent")}
      </ConsentBox>
    </div>
  );
}

/**
 * What 'Continue to Payment' still needs, said under it (and as its description) until both boxes
 * are ticked; a box already showing its error is not said twice.
 */
export function useMissingConsent(form: UseFormReturn<RegistrationForm>): string[] {
  const ticked = { acceptedTerms: form.watch('acceptedTerms'), ageConfirmed: form.watch('ageConfirmed') };
  const { errors } = form.formState;
  return (['acceptedTerms', 'ageConfirmed'] as const).filter((name) => !ticked[name] && !errors[name]).map((name) => consentMessages[name]);
}

export function MissingConsent({ id, missing }: { id: string; missing: string[] }) {
  const t = useT();
  if (missing.length === 0) return null;
  return (
    <ul id={id} className="grid gap-0.5 text-right text-xs text-muted">
      {missing.map((message) => (
        <li key={message}>{t(message)}</li>
      ))}
    </ul>
  );
}
