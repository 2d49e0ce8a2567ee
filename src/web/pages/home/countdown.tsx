import { useEffect, useState } from 'react';
import { timeLeft, toDate } from '../../../shared/dates';
import { useNow } from '../../lib/use-now';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';
import { msg } from '../../../shared/i18n/msg';
import { useT } from '../../i18n/i18n';

const units = ['days', 'hours', 'minutes', 'seconds'] as const;
const labels = { days: msg('Days'), hours: msg('Hours'), minutes: msg('Minutes'), seconds: msg('Seconds') };

/**
 * 'Registration Closes In': ticks every second to `until`. At zero, or with no date, it shows
 * 'Registration Closed' (the rest of the page closes registration on time itself: useLivePhase).
 * With reduced motion asked for (WCAG 2.2.2) it changes once a minute and leaves the seconds out.
 */
export function Countdown({
  until,
  isClosedEarly = false,
}: {
  until: string | null | undefined;
  /** The organizer closed registration before the close date: 'Registration Closed', like the badge, until it reopens. */
  isClosedEarly?: boolean;
}) {
  const t = useT();
  const target = toDate(until);
  const targetTime = target?.getTime() ?? null;
  // The first render uses the page's render time (the same on server and client); then the clock ticks.
  const renderNow = useNow();
  const [ticked, setNow] = useState<Date | null>(null);
  const now = ticked ?? renderNow;
  const left = targetTime === null ? null : timeLeft(new Date(targetTime), now);
  // The close date passing is not the same as registration closed by hand.
  const isClosed = !left || left.isOver;
  const isCalm = usePrefersReducedMotion();
  const shownUnits = isCalm ? units.filter((unit) => unit !== 'seconds') : units;

  useEffect(() => {
    if (targetTime === null || isClosed) return;
    const step = isCalm ? 60_000 : 1000;
    // Wakes just after the shown value changes, each whole second (or minute) before the close.
    const timer = setTimeout(() => setNow(new Date()), ((targetTime - Date.now()) % step) + 1);
    return () => clearTimeout(timer);
  }, [targetTime, isClosed, isCalm, now]);

  return (
    <section aria-labelledby="countdown-title" className="rounded-2xl border border-border bg-surface/80 p-5 shadow-2xl backdrop-blur sm:p-6">
      <h2 id="countdown-title" className="text-center text-xs font-bold uppercase tracking-[0.2em] text-muted">
        {t('Registration Closes In')}
      </h2>
      {isClosed || isClosedEarly ? (
        <p data-testid="countdown" className="mt-4 rounded-xl bg-surface-2 px-4 py-6 text-center text-2xl font-extrabold text-red-300">
          {t('Registration Closed')}
        </p>
      ) : (
        <div data-testid="countdown" role="timer" aria-label={t('Time until registration closes')} className={`mt-4 grid gap-2 sm:gap-3 ${isCalm ? 'grid-cols-3' : 'grid-cols-4'}`}>
          {shownUnits.map((unit) => (
            <div key={unit} className="rounded-xl bg-surface-2 px-1 py-3 text-center">
              <span className="block font-mono text-2xl font-extrabold tabular-nums sm:text-4xl">{String(left[unit]).padStart(2, '0')}</span>
              <span className="mt-1 block text-[0.65rem] font-semibold uppercase tracking-wider text-muted sm:text-xs">{t(labels[unit])}</span>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
