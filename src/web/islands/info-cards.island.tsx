export { InfoCards as default } from '../pages/home/info-cards';
