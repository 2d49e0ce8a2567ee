import { Loader2, Pencil } from 'lucide-react';
import { useState } from 'react';
import type { BracketMatch, MatchResultOutcome } from '../../../../shared/schemas/bracket';
import { HttpError } from '../../../api';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { useReportResult } from './queries';

/** Enters or corrects one match's result: the winner, an optional score and note. */
export function ResultDialog({ match, onSaved }: { match: BracketMatch; onSaved: (outcome: MatchResultOutcome) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const [winner, setWinner] = useState<string | null>(match.winnerTeamId);
  const [score, setScore] = useState(match.score ?? '');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const report = useReportResult();
  const isCorrection = match.winnerTeamId !== null;
  const title = `${match.team1Name} vs ${match.team2Name}`;

  const open = (next: boolean) => {
    setIsOpen(next);
    if (next) {
      setWinner(match.winnerTeamId);
      setScore(match.score ?? '');
      setNote('');
      setProblem(null);
    }
  };

  const save = () => {
    if (!winner) return setProblem('Choose the winner');
    report.mutate(
      { matchId: match.id, input: { winnerTeamId: winner, score, note } },
      {
        onSuccess: (outcome) => {
          setIsOpen(false);
          onSaved(outcome);
          toast({
            title: 'Result Saved',
            description: outcome.cleared.length
              ? `${outcome.cleared.length} later ${outcome.cleared.length === 1 ? 'result was' : 'results were'} cleared: enter ${outcome.cleared.length === 1 ? 'it' : 'them'} again.`
              : title,
          });
        },
        onError: (error) => setProblem(error instanceof HttpError ? (error.serverMessage ?? error.message) : error.message),
      },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={open}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="mt-2 w-full" aria-label={`${isCorrection ? 'Correct result' : 'Enter result'}: ${title}`}>
          <Pencil aria-hidden />
          {isCorrection ? 'Correct Result' : 'Enter Result'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{isCorrection ? 'Correcting a result clears the later results whose teams change.' : 'Who won this match?'}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold">Winner</legend>
            {[
              { id: match.team1Id!, name: match.team1Name },
              { id: match.team2Id!, name: match.team2Name },
            ].map((team) => (
              <label key={team.id} className="flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary">
                <input
                  type="radio"
                  name={`winner-${match.id}`}
                  value={team.id}
                  checked={winner === team.id}
                  onChange={() => setWinner(team.id)}
                  className="accent-primary"
                />
                {team.name}
              </label>
            ))}
          </fieldset>
          <FormField label="Score (optional)" hint="The winner's rounds first, e.g. 13-7.">
            <Input value={score} onChange={(event) => setScore(event.target.value)} maxLength={20} placeholder="13-7" />
          </FormField>
          <FormField label="Note (optional)">
            <Textarea value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} rows={2} />
          </FormField>
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-400">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending && <Loader2 aria-hidden className="animate-spin" />}
              Save Result
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
