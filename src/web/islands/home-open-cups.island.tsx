export { HomeOpenCups as default } from '../pages/home/home-live';
