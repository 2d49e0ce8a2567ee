import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import { activeTournamentQuery, tournamentsQuery } from '../../../queries/public';
import { useT } from '../../../i18n/i18n';

/** The tournament a tab shows: the featured one until the organizer picks another (several cups run at once). */
export function useChosenTournament() {
  const active = useQuery(activeTournamentQuery());
  const tournaments = useQuery(tournamentsQuery());
  // Null follows the live tournament; a chosen one that was since deleted falls back to it too.
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = tournaments.data?.find((t) => t.id === chosenId) ?? null;
  return { tournament: chosen ?? active.data ?? null, tournaments: tournaments.data ?? [], isPending: active.isPending, choose: setChosenId };
}

/** What `useChosenTournament` gives: a tab shares it with the cards under it (the Teams tab with its waitlist). */
export type ChosenTournament = ReturnType<typeof useChosenTournament>;

/** Which tournament a tab shows: any of them, the featured one marked. */
export function TournamentPicker({ tournaments, value, onChange }: { tournaments: Tournament[]; value: string; onChange: (id: string) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="grid min-w-0 basis-full gap-1.5 sm:w-64 sm:basis-auto">
      <Label htmlFor={id}>{t('Tournament')}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)} disabled={tournaments.length === 0}>
        {!value && <option value="">{t('Choose a tournament')}</option>}
        {tournaments.map((tournament) => (
          <option key={tournament.id} value={tournament.id}>
            {tournament.status === 'active' ? t('{name} (live)', { name: tournament.name }) : tournament.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
