import { GitBranch, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { msg } from '../../../../shared/i18n/msg';
import type { Translate } from '../../../../shared/i18n/translator';
import type { Bracket } from '../../../../shared/schemas/bracket';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { useT } from '../../../i18n/i18n';
import { useCan } from '../../../lib/use-can';
import { useDrawPlayoff } from './queries';

type Playoff = NonNullable<Bracket['playoff']>;

/** Who goes through: the top `advance` of each group, or of the Swiss standings; how many in all. */
function whoGoesThrough(bracket: Bracket, playoff: Playoff): { from: 'groups' | 'swiss'; count: number } {
  const groups = bracket.format === 'round_robin' ? (bracket.stages?.[0]?.groups?.length ?? 1) : 0;
  if (groups > 0) return { from: 'groups', count: playoff.advance * groups };
  return { from: 'swiss', count: playoff.advance };
}

/** The playoff's texts: English (`msg`), shown with `t(text)`; the sentences with values take the component's `t`. */
export const playoffTexts = {
  waiting: msg('The playoff is drawn once every result of the first stage is in.'),
  ready: msg('Every result of the first stage is in: draw the playoff from the standings.'),
  readyForOrganizer: msg('Every result of the first stage is in: the organizer draws the playoff next.'),
  draw: msg('Draw the Playoff'),
  title: msg('Draw the playoff?'),
  description: (bracket: Bracket, playoff: Playoff, t: Translate) => {
    const through = whoGoesThrough(bracket, playoff);
    return t(
      '{count} teams go through to the {format, select, double_elimination {double-elimination} other {single-elimination}} playoff: the top {advance} {from, select, groups {of each group} other {of the Swiss standings}}, seeded from the standings. The playoff goes public on the Bracket page.',
      { count: through.count, format: playoff.format, advance: playoff.advance, from: through.from },
    );
  },
  confirm: msg('Draw Playoff'),
  failed: msg('Could not draw the playoff. Please try again.'),
  drawn: (bracket: Bracket, playoff: Playoff, t: Translate) =>
    t('Playoff drawn: {count} teams play it. Enter its results below.', { count: whoGoesThrough(bracket, playoff).count }),
  drawnToast: msg('Playoff Drawn'),
  drawnToastDescription: msg('The playoff of {tournament} is on the Bracket page.'),
};

/**
 * A first stage followed by a playoff: while the stage runs, when the playoff comes; once every
 * result is in, the organizer draws it (asked first: its pairings go public).
 */
export function PlayoffStatus({ tournament, bracket }: { tournament: Tournament; bracket: Bracket }) {
  const t = useT();
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
        {playoffTexts.drawn(bracket, playoff, t)}
      </p>
    );
  }
  if (!playoff.canDraw || !may('bracket')) {
    return (
      <p className="text-sm text-muted" data-testid="playoff-status">
        {t(playoff.canDraw ? playoffTexts.readyForOrganizer : playoffTexts.waiting)}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-accent/50 bg-accent/10 p-4">
      <p className="text-sm font-semibold">{t(playoffTexts.ready)}</p>
      <ConfirmDialog
        trigger={
          <Button disabled={draw.isPending}>
            {draw.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <GitBranch aria-hidden />}
            {t(playoffTexts.draw)}
          </Button>
        }
        title={t(playoffTexts.title)}
        description={playoffTexts.description(bracket, playoff, t)}
        confirmLabel={t(playoffTexts.confirm)}
        confirmVariant="default"
        failureMessage={t(playoffTexts.failed)}
        onConfirm={() => draw.mutateAsync(tournament.id)}
        onDone={() => toast({ title: t(playoffTexts.drawnToast), description: t(playoffTexts.drawnToastDescription, { tournament: tournament.name }) })}
      />
    </div>
  );
}
