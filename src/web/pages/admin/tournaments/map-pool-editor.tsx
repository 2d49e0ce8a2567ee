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
import { msg } from '../../../../shared/i18n/msg';
import { useT } from '../../../i18n/i18n';

/** The map pool editor's texts, each a message shown with `t(text)` (`t(text, values)` for those with `{values}`). */
export const mapPoolTexts = {
  legend: msg('Map Pool'),
  label: msg('Maps (one a line)'),
  /** When the site's default pool is empty. */
  hint: msg("The maps this tournament's vetoes use. Empty: the site's default pool."),
  /** Values: maps (the site's default pool, comma-separated). */
  hintWithDefault: msg("The maps this tournament's vetoes use. Empty: the site's default pool ({maps})."),
  save: msg('Save Map Pool'),
  saved: msg('Map Pool Saved'),
  /** Values: name (the tournament's). */
  savedOwn: msg('{name} uses its own map pool.'),
  /** Values: name (the tournament's). */
  savedDefault: msg("{name} uses the site's default map pool."),
  failed: msg('Could not save the map pool. Please try again.'),
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
  const t = useT();
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
      onSuccess: () =>
        toast({
          title: t(mapPoolTexts.saved),
          description: maps.length ? t(mapPoolTexts.savedOwn, { name: tournament.name }) : t(mapPoolTexts.savedDefault, { name: tournament.name }),
          variant: 'success',
        }),
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
        {t(mapPoolTexts.legend)}
      </h3>
      <FormField
        label={t(mapPoolTexts.label)}
        hint={siteDefault.length ? t(mapPoolTexts.hintWithDefault, { maps: siteDefault.join(', ') }) : t(mapPoolTexts.hint)}
        error={error ? { message: error } : undefined}
      >
        <MapPoolTextarea value={maps} onChange={setMaps} placeholder={siteDefault.join('\n')} />
      </FormField>
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending && <Loader2 aria-hidden className="animate-spin" />}
          {t(mapPoolTexts.save)}
        </Button>
      </div>
    </form>
  );
}
