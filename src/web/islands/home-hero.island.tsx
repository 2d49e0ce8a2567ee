export { HomeHero as default } from '../pages/home/home-live';
