import * as auth from './auth.js';
import * as bracket from './bracket.js';
import * as contact from './contact.js';
import * as discord from './discord.js';
import type { EndpointDeclaration } from './endpoint.js';
import * as matches from './matches.js';
import * as organizingTeam from './organizing-team.js';
import * as payments from './payments.js';
import * as privacy from './privacy.js';
import * as prizes from './prizes.js';
import * as site from './site.js';
import * as teamPage from './team-page.js';
import * as teams from './teams.js';
import * as tournamentPages from './tournament-pages.js';
import * as tournaments from './tournaments.js';
import * as uploads from './uploads.js';
import * as waitlist from './waitlist.js';

/**
 * Every endpoint of the API, by operationId: the one list the server registers and the client calls.
 * The queries of the pages every visitor opens (src/web/queries: public, registration, matches,
 * team-page) spread the areas they call instead: this list would bring every endpoint's schemas
 * into those pages' script.
 */
export const endpoints = {
  ...site,
  ...auth,
  ...organizingTeam,
  ...tournaments,
  ...tournamentPages,
  ...teams,
  ...discord,
  ...teamPage,
  ...waitlist,
  ...bracket,
  ...matches,
  ...contact,
  ...payments,
  ...privacy,
  ...prizes,
  ...uploads,
};

/** The areas' declarations as listed, so a test can tell that no two share an operationId. */
export const endpointAreas: readonly Record<string, EndpointDeclaration>[] = [
  site,
  auth,
  organizingTeam,
  tournaments,
  tournamentPages,
  teams,
  discord,
  teamPage,
  waitlist,
  bracket,
  matches,
  contact,
  payments,
  privacy,
  prizes,
  uploads,
];

/** The same, as a list. */
export const allEndpoints: readonly EndpointDeclaration[] = Object.values(endpoints);

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
