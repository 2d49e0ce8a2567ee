export { CupTeams as default } from '../pages/tournament/cup-teams';
