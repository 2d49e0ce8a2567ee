export { HomeStatus as default } from '../pages/home/home-live';
