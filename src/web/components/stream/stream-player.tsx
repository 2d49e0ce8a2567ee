import ExternalLink from 'lucide-react/icons/external-link';
import Play from 'lucide-react/icons/play';
import { useState } from 'react';
import { paths } from '../../../shared/paths';
import { streamPlayerUrl, streamSourceOf } from '../../../shared/stream-source';
import { useT } from '../../i18n/i18n';
import { Trans } from '../../i18n/trans';
import { Island } from '../../islands/island';
import { NavAnchor } from '../layout/nav-anchor';
import { Button } from '../ui/button';

const hostNames = { twitch: 'Twitch', youtube: 'YouTube' } as const;

/**
 * A stream, loaded only when the visitor asks: until the click the page makes no request to Twitch
 * or YouTube (no player, no thumbnail), as the privacy policy says. The link opens it on the host instead.
 */
export function StreamPlayer({ url, title }: { url: string; title: string }) {
  const t = useT();
  const [isPlaying, setIsPlaying] = useState(false);
  const source = streamSourceOf(url);
  if (!source) return null;
  const host = hostNames[source.host];
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-surface">
      <div className="relative aspect-video w-full bg-black">
        {isPlaying ? (
          <iframe
            src={streamPlayerUrl(source, window.location.hostname)}
            title={title}
            className="absolute inset-0 size-full"
            // Fullscreen is allowed here: the old allowfullscreen attribute beside it only makes Chromium warn.
            allow="autoplay; fullscreen; encrypted-media; picture-in-picture"
          />
        ) : (
          <div className="absolute inset-0 grid place-items-center p-4 text-center">
            <div className="grid justify-items-center gap-3">
              <Button size="lg" onClick={() => setIsPlaying(true)} data-testid="load-stream">
                <Play aria-hidden />
                {t('Watch on {host}', { host })}
              </Button>
              <p className="max-w-sm text-xs text-muted">
                <Trans
                  message="The player loads from {host} when you press play, and {host} may then set cookies. <privacy>Privacy Policy</privacy>"
                  values={{ host }}
                  parts={{
                    privacy: (text) => (
                      <NavAnchor to={paths.privacy} className="underline">
                        {text}
                      </NavAnchor>
                    ),
                  }}
                />
              </p>
            </div>
          </div>
        )}
      </div>
      <p className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
        <span className="font-semibold">{title}</span>
        <a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-accent underline">
          {t('Open on {host}', { host })}
          <ExternalLink aria-hidden className="size-4" />
          <span className="sr-only">{` ${t('(opens in a new tab)')}`}</span>
        </a>
      </p>
    </div>
  );
}

/** The player as an island (src/web/islands): on a page served as islands it still loads on the click. */
export function StreamPlayerIsland(props: { url: string; title: string }) {
  return (
    <Island name="stream-player" props={props}>
      <StreamPlayer {...props} />
    </Island>
  );
}
