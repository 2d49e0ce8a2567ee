import { useSyncExternalStore } from 'react';
import { teamPath } from '../../shared/paths';

/**
 * The team links this browser was given (at registration, or by opening one), so that the header
 * offers "Your team" on this device and the team page works after its address loses the key.
 * Kept in local storage, never sent to the server except as the team page's own proof.
 */
export interface RememberedTeamLink {
  teamId: string;
  key: string;
}

const storageKey = 'team-links';
const maxRemembered = 5;
const listeners = new Set<() => void>();

function read(): RememberedTeamLink[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((entry): entry is RememberedTeamLink => typeof entry?.teamId === 'string' && typeof entry?.key === 'string')
      : [];
  } catch {
    return [];
  }
}

function write(links: RememberedTeamLink[]): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(links));
  } catch {
    // Storage full or refused (private mode): the link still works, it just is not remembered.
  }
  listeners.forEach((listener) => listener());
}

/** The team id and key of a team link (`/team/{id}?key=…`), or null for anything else. */
export function parseTeamLink(manageUrl: string): RememberedTeamLink | null {
  const url = new URL(manageUrl, 'http://localhost');
  const match = /^\/team\/([^/]+)$/.exec(url.pathname);
  const key = url.searchParams.get('key');
  return match && key ? { teamId: match[1], key } : null;
}

/** The most recent first; a team's newer key replaces its older one. */
export function rememberTeamLink(link: RememberedTeamLink): void {
  write([link, ...read().filter((entry) => entry.teamId !== link.teamId)].slice(0, maxRemembered));
}

export function forgetTeamLink(teamId: string): void {
  write(read().filter((entry) => entry.teamId !== teamId));
}

export function rememberedKeyOf(teamId: string): string | null {
  return read().find((entry) => entry.teamId === teamId)?.key ?? null;
}

function latestTeamPath(): string | null {
  const latest = read()[0];
  return latest ? teamPath(latest.teamId) : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab registering or erasing a team updates this one too.
  const onStorage = (event: StorageEvent) => event.key === storageKey && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The page of the team this browser registered or opened last, for the header's "Your team". */
export function useLatestTeamPath(): string | null {
  return useSyncExternalStore(subscribe, latestTeamPath, () => null);
}
