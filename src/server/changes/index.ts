/** What the rest of the server may use of live data (the change bus and the change log) (docs/decisions/0005). */
export { type ChangeBus, withTimeout } from './bus';
export { recordAccessChange, recordMovieChange } from './live';
export { type ChangeEvent } from './protocol';
export { appendChange, topicVersion } from './repository';
