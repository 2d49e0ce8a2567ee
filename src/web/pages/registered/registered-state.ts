import { parseTeamLink } from '../../lib/team-link-memory';

/**
 * The team link also travels to the confirmation page in the tab's history entry, so a reload
 * still shows it where local storage is refused (private mode). History state stays in the tab:
 * it is never part of an address, so never sent to the server nor in a Referer.
 */
export const registeredPageState = (manageUrl: string | null) => (manageUrl ? { manageUrl } : {});

/** The key the registering tab handed over, if any. */
export function teamKeyInState(state: unknown, teamId: string): string | null {
  const manageUrl = typeof state === 'object' && state !== null ? (state as { manageUrl?: unknown }).manageUrl : undefined;
  const link = typeof manageUrl === 'string' ? parseTeamLink(manageUrl) : null;
  return link?.teamId === teamId ? link.key : null;
}
