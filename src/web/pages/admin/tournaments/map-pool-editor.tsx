import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Map as MapIcon } from 'lucide-react';
import { useState } from 'react';
import { endpoints } from '../../../../shared/api/index';
import { mapPoolInputSchema } from '../../../../shared/schemas/match';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { callApi, HttpError } from '../../../api';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { useSite } from '../../../lib/use-site';
import { MapPoolTextarea } from '../shared/map-pool-field';
import { invalidateTournaments, onAdminError } from '../shared/queries';

export const mapPoolTexts = {
  legend: 'Map Pool',
  label: 'Maps (one a line)',
  hint: (siteDefault: readonly string[]) => `The maps this tournament's vetoes use. Empty: the site's default pool${siteDefault.length ? ` (${siteDefault.join(', ')})` : ''}.`,
  save: 'Save Map Pool',
  saved: 'Map Pool Saved',
  savedOwn: (name: string) => `${name} uses its own map pool.`,
  savedDefault: (name: string) => `${name} uses the site's default map pool.`,
  failed: 'Could not save the map pool. Please try again.',
};

function useSaveMapPool(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (maps: string[]) => callApi(endpoints.setMapPool, { params: { id: tournamentId }, body: { maps } }),
    onSuccess: () => invalidateTournaments(queryClient),
    onError: onAdminError(queryClient),
  });
}

/** The tournament's own map pool (PUT …/map-pool), saved on its own: empty goes back to the site's default. */
export function MapPoolEditor({ tournament }: { tournament: Tournament }) {
  const site = useSite();
  const siteDefault = site?.mapPool ?? [];
  const [maps, setMaps] = useState<string[]>(tournament.hasOwnMapPool ? (tournament.mapPool ?? []) : []);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveMapPool(tournament.id);

  const submit = () => {
    setError(null);
    const parsed = mapPoolInputSchema.safeParse({ maps });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? mapPoolTexts.failed);
    save.mutate(maps, {
      onSuccess: () => toast({ title: mapPoolTexts.saved, description: maps.length ? mapPoolTexts.savedOwn(tournament.name) : mapPoolTexts.savedDefault(tournament.name), variant: 'success' }),
      onError: (failure) => setError((failure instanceof HttpError && failure.status < 500 && failure.serverMessage) || mapPoolTexts.failed),
    });
  };

  return (
    <form
      noValidate
      className="grid gap-3 rounded-lg border border-border p-3"
      aria-labelledby="map-pool-legend"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 id="map-pool-legend" className="flex items-center gap-2 text-sm font-semibold">
        <MapIcon aria-hidden className="size-4 text-primary" />
        {mapPoolTexts.legend}
      </h3>
      <FormField label={mapPoolTexts.label} hint={mapPoolTexts.hint(siteDefault)} error={error ? { message: error } : undefined}>
        <MapPoolTextarea value={maps} onChange={setMaps} placeholder={siteDefault.join('\n')} />
      </FormField>
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending && <Loader2 aria-hidden className="animate-spin" />}
          {mapPoolTexts.save}
        </Button>
      </div>
    </form>
  );
}
