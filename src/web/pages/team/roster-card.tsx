import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Users } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { msg } from '../../../shared/i18n/msg';
import type { TeamPageData } from '../../../shared/schemas/team-page';
import { rosterFormSchema, type RosterForm } from '../../../shared/schemas/team';
import { HttpError } from '../../api';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { useChangeRoster } from '../../queries/team-page';
import { teamPageTexts } from './team-texts';

/** The roster's fields and their labels (English messages: shown with `t(label)`). */
export const fields = [
  ['player2RiotId', msg('Player 2 Riot ID')],
  ['player3RiotId', msg('Player 3 Riot ID')],
  ['player4RiotId', msg('Player 4 Riot ID')],
  ['player5RiotId', msg('Player 5 Riot ID')],
  ['sub1RiotId', msg('Substitute 1 Riot ID (optional)')],
  ['sub2RiotId', msg('Substitute 2 Riot ID (optional)')],
] as const satisfies readonly (readonly [keyof RosterForm, string])[];

export function rosterOf(team: TeamPageData): RosterForm {
  const [player2RiotId = '', player3RiotId = '', player4RiotId = '', player5RiotId = ''] = team.players;
  const [sub1RiotId = '', sub2RiotId = ''] = team.substitutes;
  return { player2RiotId, player3RiotId, player4RiotId, player5RiotId, sub1RiotId, sub2RiotId };
}

/** Players 2 to 5 and the substitutes, with the wizard's rules, until the roster locks. */
export function RosterCard({ team, teamKey }: { team: TeamPageData; teamKey: string }) {
  const t = useT();
  const formats = useFormats();
  const form = useForm<RosterForm>({ resolver: zodResolver(rosterFormSchema), values: rosterOf(team) });
  const change = useChangeRoster(team.id, teamKey);
  const { errors } = form.formState;
  // The schema's messages (src/shared) in the page's language.
  const translatedError = (error: { message?: string } | undefined) => (error?.message ? { message: t(error.message) } : undefined);
  const canChange = team.roster.canChange;
  const note = canChange
    ? t(teamPageTexts.rosterOpen, { time: formats.dateTime(team.roster.locksAt) })
    : t(team.cup.isDrawn && !team.withdrawnAt ? teamPageTexts.rosterLockedAtDraw : team.roster.isLocked ? teamPageTexts.rosterLocked : teamPageTexts.rosterClosed);

  async function save(values: RosterForm) {
    try {
      await change.mutateAsync(values);
      toast({ title: t(teamPageTexts.rosterSaved), description: t(teamPageTexts.rosterSavedDescription), variant: 'success' });
    } catch (error) {
      // The server's reason (a Riot ID on another team, the lock reached meanwhile) stays on the form.
      const message = (error instanceof HttpError && error.status < 500 && error.serverMessage) || teamPageTexts.rosterFailed;
      form.setError('root.server', { message: t(message) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Users aria-hidden className="size-5 text-accent" />
          {t(teamPageTexts.rosterTitle)}
        </CardTitle>
        <CardDescription>{note}</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="mb-4 text-sm">
          <span className="text-muted">{`${t('Captain:')} `}</span>
          <span className="font-semibold">{team.captainRiotId}</span>
        </p>
        <form noValidate onSubmit={form.handleSubmit(save)} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {fields.map(([name, label]) => (
              <FormField key={name} label={t(label)} error={translatedError(errors[name])}>
                <Input {...form.register(name)} autoComplete="off" disabled={!canChange} placeholder={t('Name#TAG')} />
              </FormField>
            ))}
          </div>
          {errors.root?.server?.message && (
            <p role="alert" className="text-sm font-medium text-red-400">
              {errors.root.server.message}
            </p>
          )}
          {canChange && (
            <Button type="submit" className="justify-self-start" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting && <Loader2 aria-hidden className="animate-spin" />}
              {t(teamPageTexts.saveRoster)}
            </Button>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
