import Loader2 from 'lucide-react/icons/loader-2';
import { useEffect, useState } from 'react';
import { mapSides } from '../../../shared/match-labels';
import type { CaptainVetoInput, MatchDetail, VetoView } from '../../../shared/schemas/match';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { useIsHydrated } from '../../lib/use-now';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { opponentOf, settledMapLine, teamNameOf, timeLeftText, vetoLogLine, vetoTurnLine, yourTurnLine, type MatchTeamNames } from './match-texts';

/** The clock, read again every second while `active` (a countdown); stopped otherwise. */
export function useTicker(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The veto log in order: who banned and picked what, the sides, the decider, what the site chose on timeout. */
export function VetoLog({ match, log, className }: { match: MatchTeamNames; log: VetoView['log']; className?: string }) {
  const t = useT();
  if (log.length === 0) return <p className={cn('text-sm text-muted', className)}>{t('Nothing chosen yet.')}</p>;
  return (
    <ol className={cn('grid gap-1 text-sm', className)} data-testid="veto-log">
      {log.map((entry, index) => (
        <li key={index} className="flex gap-2">
          <span aria-hidden className="w-5 shrink-0 text-right text-muted">{`${index + 1}.`}</span>
          <span className={cn(entry.auto && entry.action !== 'coin' && 'italic')}>{vetoLogLine(match, entry, t)}</span>
        </li>
      ))}
    </ol>
  );
}

/** The maps the veto settled so far, in playing order, with who picked each and the sides. */
export function SettledMaps({ match, maps }: { match: MatchTeamNames; maps: VetoView['maps'] }) {
  const t = useT();
  if (maps.length === 0) return null;
  return (
    <ol className="grid gap-1.5 text-sm" data-testid="settled-maps">
      {maps.map((settled, index) => (
        <li key={settled.map} className="rounded-md border border-border bg-surface-2/40 px-3 py-2">
          <span className="font-bold">{t('Map {number}: {map}', { number: index + 1, map: settled.map })}</span>
          <span className="text-muted">{` · ${settledMapLine(match, settled, t)}`}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Whose turn it is and the time left. The countdown ticks visibly but silently; a polite live
 * region says the turn and its deadline once per turn, not every second.
 */
export function VetoTurnStatus({ match, next, ownTeamId }: { match: MatchTeamNames; next: NonNullable<VetoView['next']>; ownTeamId?: string }) {
  const t = useT();
  const { timeOfDay } = useFormats();
  const isHydrated = useIsHydrated();
  const now = useTicker(isHydrated);
  const isOwn = ownTeamId !== undefined && next.teamId === ownTeamId;
  const turn = isOwn ? yourTurnLine(next, t) : vetoTurnLine(match, next, t);
  return (
    <div className="grid gap-1" data-testid="veto-turn">
      <p className="font-bold">{turn}</p>
      {/* Rendered by the browser only: the server's clock would be stale by the time it is read. */}
      <p role="timer" aria-live="off" className="text-sm tabular-nums text-muted" data-testid="veto-time-left">
        {isHydrated ? timeLeftText(next.deadline, now, t) : '\u00a0'}
      </p>
      <p aria-live="polite" className="sr-only" data-testid="veto-announcement">
        {isHydrated ? t('{turn}. Time runs out at {time}.', { turn, time: timeOfDay(next.deadline) }) : ''}
      </p>
    </div>
  );
}

/** The buttons for a turn: the order, a map to ban or pick, or a starting side. Each says what it does ("Ban Ascent"). */
export function VetoChoices({
  match,
  veto,
  onChoose,
  pendingChoice,
  disabled,
}: {
  match: MatchTeamNames;
  veto: VetoView;
  onChoose: (choice: CaptainVetoInput) => void;
  pendingChoice: CaptainVetoInput | null;
  disabled: boolean;
}) {
  const t = useT();
  const next = veto.next;
  if (!next) return null;
  const isPending = (choice: CaptainVetoInput) =>
    pendingChoice !== null && pendingChoice.map === choice.map && pendingChoice.side === choice.side && pendingChoice.order === choice.order;
  const choice = (key: string, label: string, value: CaptainVetoInput, variant: 'default' | 'secondary' | 'outline' = 'secondary') => (
    <Button key={key} type="button" variant={variant} size="sm" disabled={disabled} onClick={() => onChoose(value)}>
      {isPending(value) && <Loader2 aria-hidden className="animate-spin" />}
      {label}
    </Button>
  );
  const opponent = teamNameOf(match, opponentOf(match, next.teamId), t);
  return (
    <div className="flex flex-wrap gap-2" data-testid="veto-choices">
      {next.action === 'order' && [choice('first', t('Start the veto'), { order: 'first' }, 'default'), choice('second', t('Let {team} start', { team: opponent }), { order: 'second' })]}
      {(next.action === 'ban' || next.action === 'pick') &&
        veto.remaining.map((map) => choice(map, next.action === 'ban' ? t('Ban {map}', { map }) : t('Pick {map}', { map }), { map }, next.action === 'pick' ? 'default' : 'secondary'))}
      {next.action === 'side' && mapSides.map((side) => choice(side, t('Start on {side, select, attack {Attack} other {Defense}}', { side }), { side }, 'default'))}
    </div>
  );
}

/** The match's veto as a block: the turn (or that it is over), the settled maps and the log. */
export function vetoIsRunning(match: Pick<MatchDetail, 'veto' | 'status'>): boolean {
  return match.veto !== null && match.veto.next !== null && match.status !== 'finished';
}
