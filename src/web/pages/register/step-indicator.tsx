import Check from 'lucide-react/icons/check';
import { msg } from '../../../shared/i18n/msg';
import { useT } from '../../i18n/i18n';
import { cn } from '../../lib/utils';

export type WizardStep = 1 | 2 | 3;

const steps: { step: WizardStep; label: string }[] = [
  { step: 1, label: msg('Team Info') },
  { step: 2, label: 'Discord' },
  { step: 3, label: msg('Payment') },
];

/** The registration wizard's steps: 1 Team Info, 2 Discord, 3 Payment. */
export function StepIndicator({ current }: { current: WizardStep }) {
  const t = useT();
  return (
    <nav aria-label={t('Registration progress')} className="mb-8">
      <ol className="flex items-start justify-center gap-2 sm:items-center sm:gap-4">
        {steps.map(({ step, label }, index) => {
          const isDone = step < current;
          const isCurrent = step === current;
          return (
            <li key={step} className="flex items-start gap-2 sm:items-center sm:gap-4" aria-current={isCurrent ? 'step' : undefined} data-testid={`step-${step}`}>
              <span className="flex w-16 flex-col items-center gap-1.5 sm:w-auto sm:flex-row sm:gap-2">
                <span
                  className={cn(
                    'grid size-9 shrink-0 place-items-center rounded-full border-2 text-sm font-bold',
                    isCurrent && 'border-primary bg-primary text-primary-foreground',
                    isDone && 'border-success bg-success/15 text-green-300',
                    !isCurrent && !isDone && 'border-border text-muted',
                  )}
                >
                  {isDone ? <Check aria-hidden className="size-4" /> : step}
                </span>
                <span className={cn('text-center text-xs font-semibold sm:text-sm', isCurrent ? 'text-foreground' : 'text-muted')}>
                  <span className="sr-only">{t('Step {step}:', { step })} </span>
                  {t(label)}
                  {isDone && <span className="sr-only"> {t('(done)')}</span>}
                </span>
              </span>
              {index < steps.length - 1 && <span aria-hidden className={cn('mt-4 h-0.5 w-8 rounded sm:mt-0 sm:w-16', isDone ? 'bg-success' : 'bg-border')} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
