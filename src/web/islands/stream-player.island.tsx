export { StreamPlayer as default } from '../components/stream/stream-player';
