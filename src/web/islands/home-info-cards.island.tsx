export { HomeInfoCards as default } from '../pages/home/home-live';
