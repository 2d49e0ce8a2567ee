export { EmbedCode as default } from '../pages/tournament/embed-code';
