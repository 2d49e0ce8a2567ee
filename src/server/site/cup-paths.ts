import { cupSlugOf } from '../../shared/paths.js';
import type { ReadCache } from '../http/read-cache.js';
import type { PublicReads } from './public-reads.js';

export type CupPath = { kind: 'register'; location: string } | { kind: 'none' } | { kind: 'found'; id: string; slug: string } | { kind: 'moved'; location: string } | { kind: 'missing' };

/**
 * What a cup's page or embed path names, from the read cache: the cup, a cup whose slug changed (or
 * addressed by its id: its readable address is the one to share), or nothing.
 */
export async function resolveCupPath(url: string, cache: ReadCache, reads: PublicReads): Promise<CupPath> {
  const [pathname, search] = url.split(/\?(.*)/s);
  // /tournaments/{slug}/register: registration for that cup, which /register opens with ?tournament= (its cup choice).
  const register = /^\/tournaments\/([^/]+)\/register\/?$/.exec(pathname);
  if (register) {
    const ref = JSON.parse(await cache.json(reads.tournamentRef(safeDecode(register[1])))) as { id: string } | null;
    return ref ? { kind: 'register', location: `/register?tournament=${ref.id}` } : { kind: 'missing' };
  }
  const slug = cupSlugOf(pathname);
  if (slug === null) return { kind: 'none' };
  const ref = JSON.parse(await cache.json(reads.tournamentRef(slug))) as { id: string; slug: string } | null;
  if (!ref) return { kind: 'missing' };
  if (ref.slug === slug) return { kind: 'found', ...ref };
  const [, prefix, , rest] = /^(\/(?:embed\/)?tournaments\/)([^/]+)(.*)$/.exec(pathname)!;
  return { kind: 'moved', location: `${prefix}${encodeURIComponent(ref.slug)}${rest}${search ? `?${search}` : ''}` };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
