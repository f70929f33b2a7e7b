import type { Migration } from 'kysely';
import * as initial from './0001-initial';
import * as rateLimitCounters from './0002-rate-limit-counters';
import * as signingKeyCurrent from './0003-signing-key-current';
import * as signupIdempotencyKeys from './0004-signup-idempotency-keys';
import * as consoleRoles from './0010-console-roles';
import * as contentVersions from './0011-content-versions';
import * as federatedIdentities from './0020-federated-identities';
import * as twoStepSignIn from './0021-two-step-sign-in';
import * as liveData from './0030-live-data';
import * as jobLeases from './0040-job-leases';
import * as serverSecrets from './0060-server-secrets';
import * as contentImages from './0070-content-images';
import * as contactInbox from './0080-contact-inbox';
import * as inboxSearchIndex from './0081-inbox-search-index';
import * as staffInvitations from './0090-staff-invitations';
import * as publishing from './0100-publishing';
import * as newsArticles from './0105-news-articles';
import * as siteTexts from './0095-site-texts';
import * as helpDesk from './0110-help-desk';
import * as insights from './0120-insights';
import * as scheduleFailures from './0132-schedule-failures';
import * as insightsDayNonces from './0133-insights-day-nonces';

/**
 * Every migration, in order. A static list (rather than reading a folder) so the bundled
 * server carries its migrations with it. Add new ones at the end; never edit a released one.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-rate-limit-counters': rateLimitCounters,
  '0003-signing-key-current': signingKeyCurrent,
  '0004-signup-idempotency-keys': signupIdempotencyKeys,
  '0010-console-roles': consoleRoles,
  '0011-content-versions': contentVersions,
  '0020-federated-identities': federatedIdentities,
  '0021-two-step-sign-in': twoStepSignIn,
  '0030-live-data': liveData,
  '0040-job-leases': jobLeases,
  '0060-server-secrets': serverSecrets,
  '0070-content-images': contentImages,
  '0080-contact-inbox': contactInbox,
  '0081-inbox-search-index': inboxSearchIndex,
  '0090-staff-invitations': staffInvitations,
  '0100-publishing': publishing,
  '0105-news-articles': newsArticles,
  '0095-site-texts': siteTexts,
  '0110-help-desk': helpDesk,
  '0120-insights': insights,
  '0132-schedule-failures': scheduleFailures,
  '0133-insights-day-nonces': insightsDayNonces,
};
