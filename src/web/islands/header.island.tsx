export { HeaderView as default } from '../components/layout/header-view';
