import { createBrowserRouter } from 'react-router';
import { paths, teamPagePattern } from '../shared/paths';
import { SiteLayout } from './components/layout/site-layout';
import { NotFoundPage } from './pages/not-found/not-found-page';

/** Every page is its own chunk, so a visitor downloads only the page they open. */
export const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    children: [
      { path: paths.home, lazy: () => import('./pages/home/home-page').then((m) => ({ Component: m.HomePage })) },
      { path: paths.register, lazy: () => import('./pages/register/register-page').then((m) => ({ Component: m.RegisterPage })) },
      { path: paths.teams, lazy: () => import('./pages/teams/teams-page').then((m) => ({ Component: m.TeamsPage })) },
      { path: paths.bracket, lazy: () => import('./pages/bracket/bracket-page').then((m) => ({ Component: m.BracketPage })) },
      { path: paths.hallOfFame, lazy: () => import('./pages/hall-of-fame/hall-of-fame-page').then((m) => ({ Component: m.HallOfFamePage })) },
      { path: paths.rules, lazy: () => import('./pages/rules/rules-page').then((m) => ({ Component: m.RulesPage })) },
      { path: paths.contact, lazy: () => import('./pages/contact/contact-page').then((m) => ({ Component: m.ContactPage })) },
      { path: paths.refundPolicy, lazy: () => import('./pages/legal/refund-policy-page').then((m) => ({ Component: m.RefundPolicyPage })) },
      { path: paths.termsOfService, lazy: () => import('./pages/legal/terms-page').then((m) => ({ Component: m.TermsPage })) },
      { path: teamPagePattern, lazy: () => import('./pages/team/team-page').then((m) => ({ Component: m.TeamPage })) },
      { path: paths.privacy, lazy: () => import('./pages/legal/privacy-page').then((m) => ({ Component: m.PrivacyPage })) },
      { path: paths.accessibility, lazy: () => import('./pages/legal/accessibility-page').then((m) => ({ Component: m.AccessibilityPage })) },
      { path: paths.adminLogin, lazy: () => import('./pages/admin-login/admin-login-page').then((m) => ({ Component: m.AdminLoginPage })) },
      { path: paths.adminSetup, lazy: () => import('./pages/admin-setup/admin-setup-page').then((m) => ({ Component: m.AdminSetupPage })) },
      { path: paths.admin, lazy: () => import('./pages/admin/admin-page').then((m) => ({ Component: m.AdminPage })) },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
