export { LocalDate as default } from '../components/local-date';
