import Play from 'lucide-react/icons/play';
import { lazy, Suspense, useState } from 'react';
import { platformLabel, recognizeHighlight } from '../../../shared/highlights';
import { Button } from '../../components/ui/button';
import { Island } from '../../islands/island';
import { useT } from '../../i18n/i18n';

// The player's dialog loads once someone asks to watch.
const VideoDialog = lazy(() => import('./video-dialog').then((m) => ({ default: m.VideoDialog })));

export interface WatchHighlightProps {
  url: string;
  title: string;
  teamName: string;
}

/** A highlight's Watch button and the dialog it opens; an island on the hall of fame. */
export function WatchHighlight({ url, title, teamName }: WatchHighlightProps) {
  const t = useT();
  const [video, setVideo] = useState<{ title: string; embedUrl: string; platform: string; teamName: string } | null>(null);
  return (
    <>
      <Button
        size="sm"
        aria-label={t('Watch {title}', { title })}
        onClick={() => {
          // The embed names the page's host (Twitch asks for it): read only here, so the server renders the same button.
          const { platform, embedUrl } = recognizeHighlight(url, window.location.hostname);
          if (embedUrl) setVideo({ title, embedUrl, platform: t(platformLabel(platform)), teamName });
        }}
      >
        <Play aria-hidden />
        {t('Watch')}
      </Button>
      {video && (
        <Suspense fallback={null}>
          <VideoDialog video={video} onClose={() => setVideo(null)} />
        </Suspense>
      )}
    </>
  );
}

export function WatchHighlightIsland(props: WatchHighlightProps) {
  return (
    <Island name="watch-highlight" props={props}>
      <WatchHighlight {...props} />
    </Island>
  );
}
