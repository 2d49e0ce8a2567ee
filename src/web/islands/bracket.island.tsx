export { LiveBracket as default } from '../components/bracket/live-bracket';
