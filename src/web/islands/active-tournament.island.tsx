export { ActiveTournament as default } from '../pages/rules/active-tournament-card';
