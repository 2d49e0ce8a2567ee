import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Loader2, Repeat } from 'lucide-react';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { msg } from '../../../shared/i18n/msg';
import { teamPath } from '../../../shared/paths';
import type { CupToRegisterAgain } from '../../../shared/schemas/register-again';
import { registrationFormSchema, type RegistrationForm } from '../../../shared/schemas/team';
import type { TeamPageData } from '../../../shared/schemas/team-page';
import { HttpError } from '../../api';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { parseTeamLink, rememberTeamLink } from '../../lib/team-link-memory';
import { cupsToRegisterAgainQuery, registerAgain } from '../../queries/team-page';
import { ConsentFields } from '../register/consent-fields';
import { fields, rosterOf } from './roster-card';

/** The card's texts: English messages, shown with `t(text)` or `t(text, values)`. */
export const registerAgainTexts = {
  title: msg('Register for Another Cup'),
  intro: msg('The same team, name, logo and captain, for a cup open now: check the roster, then pay its entry fee. Each cup is its own registration, with its own team link.'),
  none: msg('No other cup is open for registration right now.'),
  loadFailed: msg('Could not load the open cups. Please try again.'),
  /** `{ name }` */
  choose: msg('Choose {name}'),
  /** `{ spots }` (a number) */
  spotsLeft: msg('{spots, plural, one {# spot left} other {# spots left}}'),
  full: msg('Full: waitlist open'),
  /** `{ name }` */
  formTitle: msg('Register for {name}'),
  register: msg('Register and Pay'),
  registering: msg('Registering...'),
  joinWaitlist: msg('Join the Waitlist'),
  fullNote: msg('Every spot is taken: join the waitlist, nothing to pay now. When a spot frees, the first team waiting is offered it.'),
  cancel: msg('Choose another cup'),
  failed: msg('Could not register the team. Please try again.'),
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
  const t = useT();
  const formats = useFormats();
  const cups = useQuery(cupsToRegisterAgainQuery(team.id, teamKey));
  const [chosen, setChosen] = useState<CupToRegisterAgain | null>(null);
  return (
    <Card data-testid="register-again">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Repeat aria-hidden className="size-5 text-accent" />
          {t(registerAgainTexts.title)}
        </CardTitle>
        <CardDescription>{t(registerAgainTexts.intro)}</CardDescription>
      </CardHeader>
      <CardContent>
        {chosen ? (
          <RegisterAgainForm team={team} teamKey={teamKey} cup={chosen} onCancel={() => setChosen(null)} />
        ) : cups.isError ? (
          <p className="text-sm text-red-400">{t(registerAgainTexts.loadFailed)}</p>
        ) : !cups.data ? (
          <Loader2 aria-label={t('Loading the open cups')} className="size-5 animate-spin text-muted" />
        ) : cups.data.cups.length === 0 ? (
          <p className="text-sm text-muted">{t(registerAgainTexts.none)}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t('Cups open now')}>
            {cups.data.cups.map((cup) => (
              <li key={cup.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3">
                <div className="min-w-0">
                  <p className="font-semibold [overflow-wrap:anywhere]">{cup.name}</p>
                  <p className="text-sm text-muted">
                    {`${formats.shortDate(cup.tournamentDate)} · ${formats.money(cup.entryFee, cup.currency)} · ${cup.isFull ? t(registerAgainTexts.full) : t(registerAgainTexts.spotsLeft, { spots: cup.spotsLeft })}`}
                  </p>
                </div>
                <Button variant="outline" onClick={() => setChosen(cup)} aria-label={t(registerAgainTexts.choose, { name: cup.name })}>
                  {t('Choose')}
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
  const t = useT();
  const navigate = useNavigate();
  const form = useForm<RegisterAgainForm>({
    resolver: zodResolver(registerAgainFormSchema),
    defaultValues: { ...rosterOf(team), acceptedTerms: false, ageConfirmed: false },
  });
  const { errors, isSubmitting } = form.formState;
  // The schema's messages (src/shared) in the page's language.
  const translatedError = (error: { message?: string } | undefined) => (error?.message ? { message: t(error.message) } : undefined);
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
      form.setError('root.server', { message: t((body && body.serverMessage) || registerAgainTexts.failed) });
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4" aria-label={t(registerAgainTexts.formTitle, { name: cup.name })}>
      <h3 className="font-semibold">{t(registerAgainTexts.formTitle, { name: cup.name })}</h3>
      <p className="text-sm">
        <span className="text-muted">{`${t('Captain:')} `}</span>
        <span className="font-semibold">{team.captainRiotId}</span>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(([name, label]) => (
          <FormField key={name} label={t(label)} error={translatedError(errors[name])}>
            <Input {...form.register(name)} autoComplete="off" placeholder={t('Name#TAG')} />
          </FormField>
        ))}
      </div>
      {/* The wizard's consent boxes: they read only the two fields this form has. */}
      <ConsentFields form={form as unknown as UseFormReturn<RegistrationForm>} isLocked={isSubmitting} />
      {isFull && <p className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm">{t(registerAgainTexts.fullNote)}</p>}
      {errors.root?.server?.message && (
        <p role="alert" className="text-sm font-medium text-red-400">
          {errors.root.server.message}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Loader2 aria-hidden className="animate-spin" />}
          {t(isSubmitting ? registerAgainTexts.registering : isFull ? registerAgainTexts.joinWaitlist : registerAgainTexts.register)}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t(registerAgainTexts.cancel)}
        </Button>
      </div>
    </form>
  );
}
