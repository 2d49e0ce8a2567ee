export { TeamsList as default } from '../pages/teams/teams-list';
