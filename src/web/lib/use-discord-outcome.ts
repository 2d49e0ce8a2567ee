import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { discordOutcomeParam } from '../../shared/schemas/discord';

/**
 * How a Discord authorization ended (`?discord=` from the server's redirect: My Teams' sign-in, the
 * Account tab's staff link), kept on screen and dropped from the address bar (the other parameters stay).
 */
export function useDiscordOutcome<O extends string>(outcomes: readonly O[]): O | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = searchParams.get(discordOutcomeParam);
  const known = (outcomes as readonly (string | null)[]).includes(fromUrl) ? (fromUrl as O) : null;
  const [outcome, setOutcome] = useState<O | null>(known);
  useEffect(() => {
    if (!fromUrl) return;
    if (known) setOutcome(known);
    setSearchParams(
      (params) => {
        params.delete(discordOutcomeParam);
        return params;
      },
      { replace: true },
    );
  }, [fromUrl, known, setSearchParams]);
  return outcome;
}
