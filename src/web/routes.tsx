/// <reference types="vite/client" />
import type { RouteObject } from 'react-router';
import { embedPagePattern, invitePagePattern, matchPagePattern, paths, registeredPagePattern, teamPagePattern, tournamentPagePattern } from '../shared/paths';
import { namespaceOfFile, namespacesOfPage } from '../shared/i18n/namespaces';
import { SiteLayout } from './components/layout/site-layout';
import { documentLocale } from './i18n/document-locale';
import { loadAppCatalogs } from './i18n/page-catalogs';
import { NotFoundPage } from './pages/not-found/not-found-page';

// Every page is its own chunk, so a visitor downloads only the page they open. The glob's keys name
// each page's module: the server finds a matched route's chunks in Vite's manifest by its id.
const pageModules = import.meta.glob<Record<string, React.ComponentType>>(['./pages/*/*-page.tsx', '!./pages/not-found/*']);

/** A route whose page loads on demand; its id is the page's module, as the build manifest names it. */
function page(path: string, module: string, exportName: string): RouteObject {
  const load = pageModules[module];
  if (!load) throw new Error(`No page module ${module}`);
  const id = `src/web/${module.slice(2)}`;
  // The page's texts in the page's language come with its code (on the server every catalog is loaded already); without them it shows in English.
  return { id, path, lazy: async () => ({ Component: (await Promise.all([load(), loadAppCatalogs(documentLocale(), namespacesOfPage(namespaceOfFile(id))).catch(() => undefined)]))[0][exportName] }) };
}

export const routes: RouteObject[] = [
  {
    id: 'layout',
    element: <SiteLayout />,
    children: [
      page(paths.home, './pages/home/home-page.tsx', 'HomePage'),
      page(paths.register, './pages/register/register-page.tsx', 'RegisterPage'),
      page(paths.teams, './pages/teams/teams-page.tsx', 'TeamsPage'),
      page(paths.bracket, './pages/bracket/bracket-page.tsx', 'BracketPage'),
      page(paths.tournaments, './pages/tournaments/tournaments-page.tsx', 'TournamentsPage'),
      page(tournamentPagePattern, './pages/tournament/tournament-page.tsx', 'TournamentPage'),
      page(matchPagePattern, './pages/match/match-page.tsx', 'MatchPage'),
      page(paths.hallOfFame, './pages/hall-of-fame/hall-of-fame-page.tsx', 'HallOfFamePage'),
      page(paths.rules, './pages/rules/rules-page.tsx', 'RulesPage'),
      page(paths.contact, './pages/contact/contact-page.tsx', 'ContactPage'),
      page(paths.refundPolicy, './pages/legal/refund-policy-page.tsx', 'RefundPolicyPage'),
      page(paths.termsOfService, './pages/legal/terms-page.tsx', 'TermsPage'),
      page(registeredPagePattern, './pages/registered/registered-page.tsx', 'RegisteredPage'),
      page(teamPagePattern, './pages/team/team-page.tsx', 'TeamPage'),
      page(paths.myTeams, './pages/my-teams/my-teams-page.tsx', 'MyTeamsPage'),
      page(paths.privacy, './pages/legal/privacy-page.tsx', 'PrivacyPage'),
      page(paths.accessibility, './pages/legal/accessibility-page.tsx', 'AccessibilityPage'),
      page(paths.adminLogin, './pages/admin-login/admin-login-page.tsx', 'AdminLoginPage'),
      page(paths.adminSetup, './pages/admin-setup/admin-setup-page.tsx', 'AdminSetupPage'),
      page(invitePagePattern, './pages/admin-invite/admin-invite-page.tsx', 'AdminInvitePage'),
      page(paths.admin, './pages/admin/admin-page.tsx', 'AdminPage'),
      { id: 'not-found', path: '*', Component: NotFoundPage },
    ],
  },
  // The embeds stand alone: no header, no footer, for other sites to frame.
  page(embedPagePattern, './pages/embed/embed-page.tsx', 'EmbedPage'),
];
