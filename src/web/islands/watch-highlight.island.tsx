export { WatchHighlight as default } from '../pages/hall-of-fame/watch-highlight';
