export { Faq as default } from '../pages/rules/faq';
