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

/** A remembered link with what "Your team" shows of it: known once the wizard or the team page had the team. */
export interface RememberedTeam extends RememberedTeamLink {
  teamName?: string;
  tournamentName?: string;
}

const storageKey = 'team-links';
/** Every team a captain registers in a season; more than that drops the oldest. */
const maxRemembered = 20;
const listeners = new Set<() => void>();

const optionalText = (value: unknown) => typeof value === 'string' || value === undefined;

function read(): RememberedTeam[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry): entry is RememberedTeam =>
            typeof entry?.teamId === 'string' && typeof entry?.key === 'string' && optionalText(entry.teamName) && optionalText(entry.tournamentName),
        )
      : [];
  } catch {
    return [];
  }
}

function write(links: RememberedTeam[]): void {
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

/** The most recent first; a team's newer key replaces its older one, and its names are kept unless given anew. */
export function rememberTeamLink(link: RememberedTeam): void {
  const known = read();
  const before = known.find((entry) => entry.teamId === link.teamId);
  write([{ ...before, ...link }, ...known.filter((entry) => entry.teamId !== link.teamId)].slice(0, maxRemembered));
}

/** Names a remembered team (the team page knows them), in its place in the list. */
export function nameRememberedTeam(teamId: string, names: { teamName: string; tournamentName: string }): void {
  const known = read();
  const entry = known.find((candidate) => candidate.teamId === teamId);
  if (!entry || (entry.teamName === names.teamName && entry.tournamentName === names.tournamentName)) return;
  write(known.map((candidate) => (candidate === entry ? { ...entry, ...names } : candidate)));
}

export function forgetTeamLink(teamId: string): void {
  write(read().filter((entry) => entry.teamId !== teamId));
}

export function rememberedKeyOf(teamId: string): string | null {
  return read().find((entry) => entry.teamId === teamId)?.key ?? null;
}

/** One team in "Your team": its page (the key stays in storage) and how it is named. */
export interface YourTeam {
  teamId: string;
  path: string;
  teamName: string | null;
  tournamentName: string | null;
}

// useSyncExternalStore needs the same snapshot while storage is unchanged.
let snapshot: { raw: string | null; teams: YourTeam[] } = { raw: null, teams: [] };

function rememberedTeams(): YourTeam[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(storageKey);
  } catch {
    return snapshot.teams;
  }
  if (raw !== snapshot.raw) {
    snapshot = {
      raw,
      teams: read().map((entry) => ({ teamId: entry.teamId, path: teamPath(entry.teamId), teamName: entry.teamName ?? null, tournamentName: entry.tournamentName ?? null })),
    };
  }
  return snapshot.teams;
}

const noTeams: YourTeam[] = [];

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

/** Every team this browser registered or opened, the latest first, for the header's "Your team". */
export function useRememberedTeams(): YourTeam[] {
  return useSyncExternalStore(subscribe, rememberedTeams, () => noTeams);
}
