/** What the rest of the server may use of the Daily Activities (docs/decisions/0005). */
export { trackColor } from './tracks';
