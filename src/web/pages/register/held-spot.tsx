import Clock from 'lucide-react/icons/clock';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';

/** Whole minutes left on the hold, at least 0. */
export function minutesLeft(holdExpiresAt: string, now: Date): number {
  return Math.max(0, Math.floor((Date.parse(holdExpiresAt) - now.getTime()) / 60_000));
}

/** The payment step: how long the team's spot is held (the server set the hold when the team was created). */
export function HoldNotice({ holdExpiresAt }: { holdExpiresAt: string }) {
  const t = useT();
  const formats = useFormats();
  const [now, setNow] = useState(() => new Date());
  const minutes = minutesLeft(holdExpiresAt, now);
  // Read again as each whole minute runs out, so a captain who waits on this step sees the time left go down.
  useEffect(() => {
    if (minutes <= 0) return;
    const untilNextMinute = ((Date.parse(holdExpiresAt) - Date.now()) % 60_000) + 50;
    const timer = setTimeout(() => setNow(new Date()), untilNextMinute);
    return () => clearTimeout(timer);
  }, [holdExpiresAt, minutes, now]);
  return (
    <p data-testid="hold-notice" className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm text-foreground">
      <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-yellow-300" />
      {t(
        'Your spot is held until {time} ({minutes, plural, one {# more minute} other {# more minutes}}). Pay before then, or the spot goes back to other teams.',
        { time: formats.timeOfDay(holdExpiresAt), minutes },
      )}
    </p>
  );
}

/**
 * Shown when the wizard picked up a registration this browser had started (a reload, the Discord
 * app opening on a phone): which team, and a way to start over that gives its spot back first.
 */
export function ResumeNotice({ teamName, isResumed, onStartOver }: { teamName: string; isResumed: boolean; onStartOver: () => Promise<void> }) {
  const t = useT();
  return (
    <div
      role="status"
      data-testid="resume-notice"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/10 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        {isResumed
          ? t('Welcome back: you are registering {teamName}, and its spot is still held for you.', { teamName })
          : t('{teamName} is registered and its spot is held for you. To change its details, start over.', { teamName })}
      </p>
      <ConfirmDialog
        trigger={
          <Button type="button" variant="outline" size="sm" className="shrink-0">
            <RotateCcw aria-hidden />
            {t('Start over')}
          </Button>
        }
        title={t('Start over?')}
        description={t('{teamName} is removed and its spot, name and Riot IDs are released, so you can register again with any details.', { teamName })}
        confirmLabel={t('Release and start over')}
        failureMessage={t('The registration could not be released. Please try again.')}
        onConfirm={onStartOver}
      />
    </div>
  );
}
