import { msg } from './i18n/msg.js';

export type HighlightPlatform = 'youtube' | 'twitch' | 'streamable' | 'link';

export interface RecognizedHighlight {
  platform: HighlightPlatform;
  /** Player URL for an iframe; null when the link can only be opened. */
  embedUrl: string | null;
}

const platformLabels: Record<HighlightPlatform, string> = {
  youtube: 'YouTube',
  twitch: 'Twitch',
  streamable: 'Streamable',
  link: msg('Link'),
};

export function platformLabel(platform: HighlightPlatform): string {
  return platformLabels[platform];
}

const youtubeId = /^[A-Za-z0-9_-]{6,20}$/;
const slug = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Recognises YouTube watch, shorts and youtu.be links, Twitch clips and videos, and Streamable
 * links. `parentHost` is the site's host, which Twitch requires in its embed URL.
 */
export function recognizeHighlight(rawUrl: string, parentHost: string): RecognizedHighlight {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { platform: 'link', embedUrl: null };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { platform: 'link', embedUrl: null };
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);

  if (host === 'youtube.com' || host === 'youtu.be') {
    let id: string | null = null;
    if (host === 'youtu.be') id = parts[0] ?? null;
    else if (parts[0] === 'watch') id = url.searchParams.get('v');
    else if (parts[0] === 'shorts') id = parts[1] ?? null;
    if (id && youtubeId.test(id)) return { platform: 'youtube', embedUrl: `https://www.youtube.com/embed/${id}` };
    return { platform: 'link', embedUrl: null };
  }
  const parent = encodeURIComponent(parentHost);
  if (host === 'clips.twitch.tv' && parts[0] && slug.test(parts[0])) {
    return { platform: 'twitch', embedUrl: `https://clips.twitch.tv/embed?clip=${parts[0]}&parent=${parent}` };
  }
  if (host === 'twitch.tv') {
    if (parts[0] === 'videos' && parts[1] && /^\d+$/.test(parts[1])) {
      return { platform: 'twitch', embedUrl: `https://player.twitch.tv/?video=${parts[1]}&parent=${parent}&autoplay=false` };
    }
    if (parts[1] === 'clip' && parts[2] && slug.test(parts[2])) {
      return { platform: 'twitch', embedUrl: `https://clips.twitch.tv/embed?clip=${parts[2]}&parent=${parent}` };
    }
    return { platform: 'link', embedUrl: null };
  }
  if (host === 'streamable.com' && parts[0] && slug.test(parts[parts[0] === 'e' ? 1 : 0] ?? '')) {
    const id = parts[0] === 'e' ? parts[1] : parts[0];
    return { platform: 'streamable', embedUrl: `https://streamable.com/e/${id}` };
  }
  return { platform: 'link', embedUrl: null };
}
