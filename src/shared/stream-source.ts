import { msg } from './i18n/msg.js';

// Without zod: a content page's stream player (an island, src/web/islands) reads these.
/**
 * A stream link: a Twitch channel (twitch.tv/<channel>) or a YouTube video (youtube.com/watch?v=…,
 * youtube.com/live/…, youtu.be/…). Nothing else: the page frames only these players, and its
 * content policy allows exactly their hosts (server/http/security-headers.ts).
 */
export type StreamSource = { host: 'twitch'; channel: string } | { host: 'youtube'; videoId: string };

export const streamUrlMessage = msg('Enter a Twitch channel or YouTube video address');

const twitchChannel = /^[A-Za-z0-9_]{3,25}$/;
const youtubeVideoId = /^[A-Za-z0-9_-]{11}$/;
// twitch.tv paths that are not channels.
const twitchPages = new Set(['videos', 'directory', 'downloads', 'jobs', 'p', 'settings', 'search', 'subscriptions', 'inventory', 'wallet', 'drops']);

export function streamSourceOf(raw: string): StreamSource | null {
  if (!URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'twitch.tv' || host === 'www.twitch.tv' || host === 'm.twitch.tv') {
    const channel = parts[0];
    if (parts.length === 1 && channel && twitchChannel.test(channel) && !twitchPages.has(channel.toLowerCase())) return { host: 'twitch', channel: channel.toLowerCase() };
    return null;
  }
  let videoId: string | null | undefined = null;
  if (host === 'youtu.be') videoId = parts.length === 1 ? parts[0] : null;
  else if (host === 'youtube.com' || host === 'www.youtube.com' || host === 'm.youtube.com') {
    if (parts.length === 1 && parts[0] === 'watch') videoId = url.searchParams.get('v');
    else if (parts.length === 2 && (parts[0] === 'live' || parts[0] === 'embed')) videoId = parts[1];
  }
  return videoId && youtubeVideoId.test(videoId) ? { host: 'youtube', videoId } : null;
}

/** The one address kept for a source, whatever form the organizer pasted. */
export function canonicalStreamUrl(source: StreamSource): string {
  return source.host === 'twitch' ? `https://www.twitch.tv/${source.channel}` : `https://www.youtube.com/watch?v=${source.videoId}`;
}

/** The player's address, loaded only once the visitor asks for it. Twitch needs the embedding site's host. */
export function streamPlayerUrl(source: StreamSource, parentHost: string): string {
  return source.host === 'twitch'
    ? `https://player.twitch.tv/?channel=${encodeURIComponent(source.channel)}&parent=${encodeURIComponent(parentHost)}&autoplay=true`
    : `https://www.youtube-nocookie.com/embed/${source.videoId}?autoplay=1`;
}

/** The hosts the players above come from: the content policy's frame-src allows these (and the highlights' players). */
export const streamPlayerOrigins = ['https://player.twitch.tv', 'https://www.youtube-nocookie.com'] as const;
