export { CupHero as default } from '../pages/tournament/cup-hero';
