import { GitBranch, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Bracket } from '../../../../shared/schemas/bracket';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { useCan } from '../../../lib/use-can';
import { playoffName } from './draw-bracket-dialog';
import { useDrawPlayoff } from './queries';

type Playoff = NonNullable<Bracket['playoff']>;

/** How many go through: the top `advance` of each group, or of the Swiss standings. */
function whoGoesThrough(bracket: Bracket, playoff: Playoff): { text: string; count: number } {
  const groups = bracket.format === 'round_robin' ? (bracket.stages?.[0]?.groups?.length ?? 1) : 0;
  if (groups > 0) return { text: `the top ${playoff.advance} of each group`, count: playoff.advance * groups };
  return { text: `the top ${playoff.advance} of the Swiss standings`, count: playoff.advance };
}

export const playoffTexts = {
  waiting: 'The playoff is drawn once every result of the first stage is in.',
  ready: 'Every result of the first stage is in: draw the playoff from the standings.',
  readyForOrganizer: 'Every result of the first stage is in: the organizer draws the playoff next.',
  draw: 'Draw the Playoff',
  title: 'Draw the playoff?',
  description: (bracket: Bracket, playoff: Playoff) => {
    const through = whoGoesThrough(bracket, playoff);
    return `${through.count} teams go through to the ${playoffName(playoff.format)} playoff: ${through.text}, seeded from the standings. The playoff goes public on the Bracket page.`;
  },
  confirm: 'Draw Playoff',
  failed: 'Could not draw the playoff. Please try again.',
  drawn: (bracket: Bracket, playoff: Playoff) => `Playoff drawn: ${whoGoesThrough(bracket, playoff).count} teams play it. Enter its results below.`,
};

/**
 * A first stage followed by a playoff: while the stage runs, when the playoff comes; once every
 * result is in, the organizer draws it (asked first: its pairings go public).
 */
export function PlayoffStatus({ tournament, bracket }: { tournament: Tournament; bracket: Bracket }) {
  const draw = useDrawPlayoff();
  const may = useCan();
  // The button goes away once drawn: focus moves to the line that replaced it.
  const drawnLine = useRef<HTMLParagraphElement>(null);
  const playoff = bracket.playoff;
  const isDrawnNow = draw.isSuccess && !!playoff?.isDrawn;
  useEffect(() => {
    if (isDrawnNow) drawnLine.current?.focus();
  }, [isDrawnNow]);
  if (!playoff || bracket.confirmedAt) return null;
  if (playoff.isDrawn) {
    // Said only right after drawing: later the rounds themselves show the playoff.
    if (!isDrawnNow) return null;
    return (
      <p ref={drawnLine} tabIndex={-1} role="status" className="rounded-xl border border-border bg-surface-2/40 p-4 text-sm font-semibold">
        {playoffTexts.drawn(bracket, playoff)}
      </p>
    );
  }
  if (!playoff.canDraw || !may('bracket')) {
    return (
      <p className="text-sm text-muted" data-testid="playoff-status">
        {playoff.canDraw ? playoffTexts.readyForOrganizer : playoffTexts.waiting}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-accent/50 bg-accent/10 p-4">
      <p className="text-sm font-semibold">{playoffTexts.ready}</p>
      <ConfirmDialog
        trigger={
          <Button disabled={draw.isPending}>
            {draw.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <GitBranch aria-hidden />}
            {playoffTexts.draw}
          </Button>
        }
        title={playoffTexts.title}
        description={playoffTexts.description(bracket, playoff)}
        confirmLabel={playoffTexts.confirm}
        confirmVariant="default"
        failureMessage={playoffTexts.failed}
        onConfirm={() => draw.mutateAsync(tournament.id)}
        onDone={() => toast({ title: 'Playoff Drawn', description: `The playoff of ${tournament.name} is on the Bracket page.` })}
      />
    </div>
  );
}
