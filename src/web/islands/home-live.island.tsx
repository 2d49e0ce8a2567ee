export { HomeLive as default } from '../pages/home/home-live';
