import CalendarDays from 'lucide-react/icons/calendar-days';
import Ticket from 'lucide-react/icons/ticket';
import Users from 'lucide-react/icons/users';
import { NavAnchor } from './layout/nav-anchor';
import { sourceLocale } from '../../shared/i18n/locales';
import { createTranslator, type Translate } from '../../shared/i18n/translator';
import { fullWaitlistLabel } from '../../shared/public-display';
import type { OpenTournament } from '../../shared/schemas/tournament';
import { useT } from '../i18n/i18n';
import { Trans } from '../i18n/trans';
import { useFormats } from '../i18n/use-formats';
import { useDisplayTimeZone } from '../lib/use-now';
import { Button } from './ui/button';

/** /register for one cup: the register page reads `?tournament=` (several cups take registrations at once). */
export const registerForCupPath = (tournamentId: string) => `/register?tournament=${encodeURIComponent(tournamentId)}`;

const english = createTranslator(sourceLocale, {});

/** What a cup's spots say: how many are left, or that the waitlist takes teams. `t` is the page's (useT); English without it. */
export const spotsLeftText = (spotsLeft: number, t: Translate = english) =>
  spotsLeft === 0 ? t(fullWaitlistLabel) : t('{count, plural, one {# spot left} other {# spots left}}', { count: spotsLeft });

/**
 * The cups taking registrations, one card each: name, date, fee, spots left and one link that
 * registers for it. The home page lists the ones besides the featured cup; /register lets the
 * captain choose when several are open. `registerPath` says where each link goes.
 */
export function OpenCupList({
  cups,
  labelledBy,
  registerPath = (cup) => registerForCupPath(cup.id),
}: {
  cups: readonly OpenTournament[];
  labelledBy: string;
  registerPath?: (cup: OpenTournament) => string;
}) {
  const t = useT();
  const formats = useFormats();
  const zone = useDisplayTimeZone();
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-4 sm:grid-cols-2" data-testid="open-cups">
      {cups.map((cup) => (
        <li key={cup.id} className="grid gap-4 rounded-2xl border border-border bg-surface p-5" data-testid="open-cup">
          <h3 className="break-words text-xl font-extrabold tracking-tight">{cup.name}</h3>
          <dl className="grid gap-2 text-sm">
            <div className="flex items-center gap-2">
              <CalendarDays aria-hidden className="size-4 text-success" />
              <dt className="sr-only">{t('Date')}</dt>
              <dd>{formats.shortDate(cup.tournamentDate, zone)}</dd>
            </div>
            <div className="flex items-center gap-2">
              <Ticket aria-hidden className="size-4 text-primary" />
              <dt className="sr-only">{t('Entry fee per team')}</dt>
              <dd>{t('{fee} per team', { fee: formats.money(cup.entryFee, cup.currency) })}</dd>
            </div>
            <div className="flex items-center gap-2">
              <Users aria-hidden className="size-4 text-accent" />
              <dt className="sr-only">{t('Spots')}</dt>
              <dd>{spotsLeftText(cup.spotsLeft, t)}</dd>
            </div>
          </dl>
          <Button asChild className="justify-self-start">
            <NavAnchor to={registerPath(cup)}>
              <Trans message="Register<hidden> for {cup}</hidden>" values={{ cup: cup.name }} parts={{ hidden: (text) => <span className="sr-only">{text}</span> }} />
            </NavAnchor>
          </Button>
        </li>
      ))}
    </ul>
  );
}
