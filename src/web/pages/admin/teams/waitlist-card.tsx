import { useQuery } from '@tanstack/react-query';
import { ListOrdered } from 'lucide-react';
import { msg } from '../../../../shared/i18n/msg';
import type { WaitlistEntry } from '../../../../shared/schemas/waitlist';
import { HttpError } from '../../../api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TableCard } from '../shared/table-card';
import { toast } from '../../../components/ui/use-toast';
import { useCan } from '../../../lib/use-can';
import { useOfferWaitlistSpot, waitlistQuery } from './queries';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';
import { useFormats } from '../../../i18n/use-formats';

const offerLabels: Record<WaitlistEntry['offer'], string> = { waiting: msg('Waiting'), offered: msg('Spot offered'), lapsed: msg('Offer expired') };

/** The waitlist of the Teams tab's tournament in order, with each team's offer; the organizer may offer a free spot by hand. */
export function WaitlistCard({ tournament }: { tournament: Tournament | null }) {
  const t = useT();
  const formats = useFormats();
  const waitlist = useQuery(waitlistQuery(tournament?.id));
  const offer = useOfferWaitlistSpot();
  const may = useCan();
  if (!tournament || !waitlist.data) return null;

  async function offerSpot(entry: WaitlistEntry) {
    try {
      const offered = await offer.mutateAsync(entry.id);
      toast({
        title: t('Spot offered'),
        description: t('{name} can claim it until {time}.', { name: entry.name, time: formats.dateTime(offered.offerExpiresAt) }),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('Could not offer a spot'),
        description: error instanceof HttpError && error.serverMessage ? t(error.serverMessage) : t('Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <TableCard
      className="mt-6"
      data-testid="admin-waitlist"
      title={t('Waitlist')}
      icon={ListOrdered}
      description={t(
        'Teams waiting for a spot, in the order they joined. A freed spot is offered to the first team automatically; offer one by hand after raising the team limit, or to a team of your choice.',
      )}
    >
      {waitlist.data.length === 0 ? (
        <p className="py-4 text-center text-muted">{t('No team is waiting.')}</p>
      ) : (
        <ol className="grid gap-3">
          {waitlist.data.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3">
              <div className="grid gap-0.5">
                <span className="font-semibold">
                  {entry.position}. {entry.name}
                </span>
                <span className="text-sm text-muted">
                  {t('{discord} · {riotId} · joined {time}', { discord: entry.captainDiscord, riotId: entry.captainRiotId, time: formats.dateTime(entry.waitlistedAt) })}
                </span>
                {entry.offer === 'offered' && <span className="text-sm">{t('Offered until {time}', { time: formats.dateTime(entry.offerExpiresAt) })}</span>}
              </div>
              <div className="flex items-center gap-2">
                <Badge variant={entry.offer === 'offered' ? 'success' : 'outline'}>{t(offerLabels[entry.offer])}</Badge>
                {may('teams') && entry.offer === 'waiting' && (
                  <Button size="sm" variant="outline" disabled={offer.isPending} onClick={() => void offerSpot(entry)}>
                    <Trans message="Offer a spot<name> to {name}</name>" values={{ name: entry.name }} parts={{ name: (text) => <span className="sr-only">{text}</span> }} />
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </TableCard>
  );
}
