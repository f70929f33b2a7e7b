/** What the rest of the server may use of Contact Us messages (docs/decisions/0005). */
export { type MessageIntake } from './repository';
