/**
 * Publishing through drafts, revisions, previews and schedules, for any collection that opts in
 * (docs/publishing.md, "Adding a collection").
 */
export { defineVersionedCollection, type Fields, type VersionedCollection, versionedCollection } from './collection';
export { type Actor, type Draft, REVISIONS_KEPT, type Revision, type Schedule } from './repository';
export {
  type DraftResult,
  PUBLISHING_TOPIC,
  type PublishingService,
  type PublishingState,
  type ScheduleFailure,
  itemIdTaken,
  publishingService,
  recordDeletion,
  recordPublished,
} from './service';
