import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Loader2, Repeat } from 'lucide-react';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { formatShortDate } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { teamPath } from '../../../shared/paths';
import type { CupToRegisterAgain } from '../../../shared/schemas/register-again';
import { registrationFormSchema, type RegistrationForm } from '../../../shared/schemas/team';
import type { TeamPageData } from '../../../shared/schemas/team-page';
import { HttpError } from '../../api';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { parseTeamLink, rememberTeamLink } from '../../lib/team-link-memory';
import { cupsToRegisterAgainQuery, registerAgain } from '../../queries/team-page';
import { ConsentFields } from '../register/consent-fields';
import { fields, rosterOf } from './roster-card';

export const registerAgainTexts = {
  title: 'Register for Another Cup',
  intro: 'The same team, name, logo and captain, for a cup open now: check the roster, then pay its entry fee. Each cup is its own registration, with its own team link.',
  none: 'No other cup is open for registration right now.',
  loadFailed: 'Could not load the open cups. Please try again.',
  choose: (name: string) => `Choose ${name}`,
  spotsLeft: (spots: number) => (spots === 1 ? '1 spot left' : `${spots} spots left`),
  full: 'Full: waitlist open',
  formTitle: (name: string) => `Register for ${name}`,
  register: 'Register and Pay',
  registering: 'Registering...',
  joinWaitlist: 'Join the Waitlist',
  fullNote: 'Every spot is taken: join the waitlist, nothing to pay now. When a spot frees, the first team waiting is offered it.',
  cancel: 'Choose another cup',
  failed: 'Could not register the team. Please try again.',
};

/** The roster and the two agreements: the registration wizard's fields, nothing else (name, logo and captain come with the team). */
const registerAgainFormSchema = registrationFormSchema.pick({
  player2RiotId: true,
  player3RiotId: true,
  player4RiotId: true,
  player5RiotId: true,
  sub1RiotId: true,
  sub2RiotId: true,
  acceptedTerms: true,
  ageConfirmed: true,
});
type RegisterAgainForm = Pick<RegistrationForm, (typeof fields)[number][0] | 'acceptedTerms' | 'ageConfirmed'>;

/**
 * Returning teams: the cups open now, and for the one chosen the roster (prefilled, editable) and
 * consent; registering opens the new registration's team page at its payment step, or its place
 * on the waitlist when the cup is full.
 */
export function RegisterAgainCard({ team, teamKey }: { team: TeamPageData; teamKey: string }) {
  const cups = useQuery(cupsToRegisterAgainQuery(team.id, teamKey));
  const [chosen, setChosen] = useState<CupToRegisterAgain | null>(null);
  return (
    <Card data-testid="register-again">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Repeat aria-hidden className="size-5 text-accent" />
          {registerAgainTexts.title}
        </CardTitle>
        <CardDescription>{registerAgainTexts.intro}</CardDescription>
      </CardHeader>
      <CardContent>
        {chosen ? (
          <RegisterAgainForm team={team} teamKey={teamKey} cup={chosen} onCancel={() => setChosen(null)} />
        ) : cups.isError ? (
          <p className="text-sm text-red-400">{registerAgainTexts.loadFailed}</p>
        ) : !cups.data ? (
          <Loader2 aria-label="Loading the open cups" className="size-5 animate-spin text-muted" />
        ) : cups.data.cups.length === 0 ? (
          <p className="text-sm text-muted">{registerAgainTexts.none}</p>
        ) : (
          <ul className="grid gap-2" aria-label="Cups open now">
            {cups.data.cups.map((cup) => (
              <li key={cup.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3">
                <div className="min-w-0">
                  <p className="font-semibold [overflow-wrap:anywhere]">{cup.name}</p>
                  <p className="text-sm text-muted">
                    {`${formatShortDate(cup.tournamentDate)} · ${formatMoney(cup.entryFee, cup.currency)} · ${cup.isFull ? registerAgainTexts.full : registerAgainTexts.spotsLeft(cup.spotsLeft)}`}
                  </p>
                </div>
                <Button variant="outline" onClick={() => setChosen(cup)} aria-label={registerAgainTexts.choose(cup.name)}>
                  Choose
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function RegisterAgainForm({ team, teamKey, cup, onCancel }: { team: TeamPageData; teamKey: string; cup: CupToRegisterAgain; onCancel: () => void }) {
  const navigate = useNavigate();
  const form = useForm<RegisterAgainForm>({
    resolver: zodResolver(registerAgainFormSchema),
    defaultValues: { ...rosterOf(team), acceptedTerms: false, ageConfirmed: false },
  });
  const { errors, isSubmitting } = form.formState;
  const [isFull, setIsFull] = useState(cup.isFull);

  async function submit({ acceptedTerms, ageConfirmed, ...roster }: RegisterAgainForm) {
    try {
      const created = await registerAgain(team.id, teamKey, { tournamentId: cup.id, roster, acceptedTerms, ageConfirmed, ...(isFull ? { joinWaitlist: true } : {}) });
      const link = parseTeamLink(created.manageUrl);
      if (link) rememberTeamLink({ ...link, teamName: team.name, tournamentName: cup.name });
      // The new registration's own page; it opens its payment step with the hold just taken.
      await navigate(teamPath(created.id), { state: { startPayment: created.paymentStatus === 'pending' } });
    } catch (error) {
      const body = error instanceof HttpError && error.status < 500 ? error : null;
      // Full meanwhile: the waitlist is offered, as /register does.
      if (body?.status === 409 && body.body.includes('"joinWaitlist"')) setIsFull(true);
      form.setError('root.server', { message: (body && body.serverMessage) || registerAgainTexts.failed });
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4" aria-label={registerAgainTexts.formTitle(cup.name)}>
      <h3 className="font-semibold">{registerAgainTexts.formTitle(cup.name)}</h3>
      <p className="text-sm">
        <span className="text-muted">Captain: </span>
        <span className="font-semibold">{team.captainRiotId}</span>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(([name, label]) => (
          <FormField key={name} label={label} error={errors[name]}>
            <Input {...form.register(name)} autoComplete="off" placeholder="Name#TAG" />
          </FormField>
        ))}
      </div>
      {/* The wizard's consent boxes: they read only the two fields this form has. */}
      <ConsentFields form={form as unknown as UseFormReturn<RegistrationForm>} isLocked={isSubmitting} />
      {isFull && <p className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm">{registerAgainTexts.fullNote}</p>}
      {errors.root?.server?.message && (
        <p role="alert" className="text-sm font-medium text-red-400">
          {errors.root.server.message}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Loader2 aria-hidden className="animate-spin" />}
          {isSubmitting ? registerAgainTexts.registering : isFull ? registerAgainTexts.joinWaitlist : registerAgainTexts.register}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {registerAgainTexts.cancel}
        </Button>
      </div>
    </form>
  );
}
