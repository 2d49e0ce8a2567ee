export { LiveMatch as default } from '../pages/match/match-view';
