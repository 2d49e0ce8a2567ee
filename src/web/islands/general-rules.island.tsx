export { GeneralRules as default } from '../pages/rules/general-rules';
