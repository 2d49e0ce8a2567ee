import CalendarDays from 'lucide-react/icons/calendar-days';
import Ticket from 'lucide-react/icons/ticket';
import Users from 'lucide-react/icons/users';
import { NavAnchor } from './layout/nav-anchor';
import { formatShortDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { fullWaitlistLabel } from '../../shared/public-display';
import type { OpenTournament } from '../../shared/schemas/tournament';
import { useDisplayTimeZone } from '../lib/use-now';
import { Button } from './ui/button';

/** /register for one cup: the register page reads `?tournament=` (several cups take registrations at once). */
export const registerForCupPath = (tournamentId: string) => `/register?tournament=${encodeURIComponent(tournamentId)}`;

/** What a cup's spots say: how many are left, or that the waitlist takes teams. */
export const spotsLeftText = (spotsLeft: number) => (spotsLeft === 0 ? fullWaitlistLabel : `${spotsLeft} ${spotsLeft === 1 ? 'spot' : 'spots'} left`);

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
  const zone = useDisplayTimeZone();
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-4 sm:grid-cols-2" data-testid="open-cups">
      {cups.map((cup) => (
        <li key={cup.id} className="grid gap-4 rounded-2xl border border-border bg-surface p-5" data-testid="open-cup">
          <h3 className="break-words text-xl font-extrabold tracking-tight">{cup.name}</h3>
          <dl className="grid gap-2 text-sm">
            <div className="flex items-center gap-2">
              <CalendarDays aria-hidden className="size-4 text-success" />
              <dt className="sr-only">Date</dt>
              <dd>{formatShortDate(cup.tournamentDate, zone)}</dd>
            </div>
            <div className="flex items-center gap-2">
              <Ticket aria-hidden className="size-4 text-primary" />
              <dt className="sr-only">Entry fee per team</dt>
              <dd>{`${formatMoney(cup.entryFee, cup.currency)} per team`}</dd>
            </div>
            <div className="flex items-center gap-2">
              <Users aria-hidden className="size-4 text-accent" />
              <dt className="sr-only">Spots</dt>
              <dd>{spotsLeftText(cup.spotsLeft)}</dd>
            </div>
          </dl>
          <Button asChild className="justify-self-start">
            <NavAnchor to={registerPath(cup)}>
              Register<span className="sr-only">{` for ${cup.name}`}</span>
            </NavAnchor>
          </Button>
        </li>
      ))}
    </ul>
  );
}
