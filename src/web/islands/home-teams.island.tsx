export { HomeTeams as default } from '../pages/home/home-live';
