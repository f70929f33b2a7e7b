import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Column types shared by SQLite and PostgreSQL. Timestamps are ISO-8601 UTC text (they sort
 * and compare the same way on both engines), booleans are 0/1 integers, lists are JSON text.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  display_name: string | null;
  photo_url: string | null;
  email_verified: number;
  disabled: number;
  created_at: string;
  last_login_at: string | null;
  /** ID and refresh tokens issued before this instant are no longer accepted. */
  valid_since: string;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created_at: string;
  /** When another key took over signing; the key still verifies until its last tokens expire. */
  retired_at: string | null;
}

/** The one row (slot 1) naming the key that signs. */
export interface SigningKeyCurrentTable {
  slot: number;
  kid: string;
  updated_at: string;
}

/** Secrets the server generates once and shares between instances (the CSRF token key). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface OobCodesTable {
  id: string;
  code_hash: string;
  user_id: string | null;
  email: string;
  request_type: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A provider identity (Google's `sub`, GitHub's user id) linked to an account. */
export interface FederatedIdentitiesTable {
  id: string;
  user_id: string;
  provider_id: string;
  federated_id: string;
  email: string | null;
  display_name: string | null;
  photo_url: string | null;
  created_at: string;
}

/** The server's half of a provider sign-in in progress ('auth'), or an identity awaiting a link ('pending'). */
export interface IdpSessionsTable {
  /** SHA-256 of the handle the client holds (sessionId or pendingToken). */
  id: string;
  kind: 'auth' | 'pending';
  provider_id: string;
  state: string | null;
  nonce: string | null;
  code_verifier: string | null;
  identity: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A TOTP authenticator of an account (two-step sign-in). */
export interface MfaEnrollmentsTable {
  id: string;
  user_id: string;
  display_name: string | null;
  /** Base32 shared secret. */
  secret: string;
  enrolled_at: string;
  last_used_step: number;
}

/** An enrolment waiting for its first code ('enroll'), or a sign-in waiting for the second step ('sign_in'). */
export interface MfaSessionsTable {
  /** SHA-256 of the handle the client holds (sessionInfo or mfaPendingCredential). */
  id: string;
  kind: 'enroll' | 'sign_in';
  user_id: string;
  secret: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface MfaRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

export interface ServicesTable {
  id: string;
  position: number;
  title: string;
  summary: string;
  description: string;
  icon: string;
  /** Raised by every save (migration 0011); a save from an older version is refused. */
  version: Generated<number>;
  /** The service's picture (content_images), or null (migration 0070). */
  image_id: string | null;
}

export interface CoreValuesTable {
  id: string;
  position: number;
  title: string;
  description: string;
  icon: string;
  /** Raised by every save (migration 0011); a save from an older version is refused. */
  version: Generated<number>;
}

export interface ClientReviewsTable {
  id: string;
  position: number;
  author: string;
  role: string;
  company: string;
  quote: string;
  rating: number;
  /** Raised by every save (migration 0011); a save from an older version is refused. */
  version: Generated<number>;
}

export interface TeamMembersTable {
  id: string;
  position: number;
  name: string;
  role: string;
  bio: string;
  email: string;
  /** JSON array of strings. */
  skills: string;
  joined_year: number;
  /** Raised by every save (migration 0011); a save from an older version is refused. */
  version: Generated<number>;
  /** The member's photo (content_images), or null (migration 0070). */
  image_id: string | null;
}

/** An uploaded picture (migration 0070); its size is that of its largest variant. */
export interface ContentImagesTable {
  id: string;
  width: number;
  height: number;
  created_at: string;
}

/** One WebP width of a picture, addressed by the SHA-256 of its bytes (base64 in `data`). */
export interface ContentImageVariantsTable {
  hash: string;
  image_id: string;
  width: number;
  height: number;
  byte_size: number;
  data: string;
}

export interface SupportMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  date: string;
  idempotency_key: string | null;
  /** Conversation status (migrations 0080, 0110): new, open, waiting, closed, spam. */
  status: Generated<string>;
  spam_reason: string | null;
  /** The secret part of the conversation's reply address (support+TOKEN@domain), made at the first reply. */
  reply_token: string | null;
  assignee_id: string | null;
  assignee_email: string | null;
  /** lower(email), for prefix search on both engines. */
  email_lower: string | null;
  /** lower(name, email, subject, message), for portable case-insensitive search. */
  search_text: string | null;
}

/** A reply, internal note or status change of a Contact Us message. */
export interface SupportMessageEventsTable {
  id: string;
  message_id: string;
  at: string;
  /** answer: the customer's message (by mail or from the Account page); assign: a new assignee. */
  kind: 'reply' | 'note' | 'status' | 'answer' | 'assign';
  actor_id: string | null;
  actor_email: string | null;
  body: string | null;
  from_status: string | null;
  to_status: string | null;
  /** Replies: the mail_outbox row that carries the mail. */
  outbox_id: string | null;
  /** Replies and answers by mail: the mail's Message-ID (threading). */
  mail_message_id: string | null;
  /** Answers by mail: the quoted history folded away below the answer. */
  quoted: string | null;
  /** Answers by mail: the whole mail (inbound_mails). */
  inbound_id: string | null;
}

/** Every inbound mail accepted, whole (base64), once per Message-ID (migration 0110). */
export interface InboundMailsTable {
  id: string;
  dedupe_key: string;
  received_at: string;
  sender: string;
  conversation_id: string | null;
  /** answer, new, auto (auto-reply or bounce: nothing done), spam. */
  outcome: string;
  size: number;
  raw: string;
}

/** Files that came with an answer (images, PDF), base64. */
export interface SupportAttachmentsTable {
  id: string;
  message_id: string;
  event_id: string;
  filename: string;
  content_type: string;
  size: number;
  data: string;
}

/** Ready-made replies staff insert into the reply box. */
export interface SupportSavedRepliesTable {
  id: string;
  title: string;
  body: string;
  created_by: string | null;
  created_at: string;
}

/** Mails waiting for (or done with) the background sender; claimed with a lease per row. */
export interface MailOutboxTable {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  link: string;
  created_at: string;
  next_attempt_at: string;
  /** An instance holds the row until then; after it, another may take it over. */
  claimed_until: string;
  claimed_by: string | null;
  attempts: Generated<number>;
  sent_at: string | null;
  last_error: string | null;
  /** Help-desk replies (migration 0110): headers that let the customer answer into the conversation. */
  reply_to: string | null;
  html: string | null;
  message_id: string | null;
  in_reply_to: string | null;
  references_list: string | null;
}

/** Staff choices about inbox mails. */
export interface StaffNotificationPrefsTable {
  user_id: string;
  notify_new_messages: number;
  updated_at: string;
}

export interface MoviesTable {
  id: string;
  title: string;
  /** JSON array of genre strings, never empty. */
  genres: string;
  created_at: string;
  created_by: string | null;
  /** The Idempotency-Key of the add that created it (a retry gets this movie back). */
  idempotency_key: string | null;
}

export interface ScheduleActivitiesTable {
  id: string;
  name: string;
  track: string;
  /** 'HH:MM', 24-hour clock, local to the event. */
  start_time: string;
  end_time: string;
  location: string;
  description: string;
  speaker: string | null;
}

/** A fixed-window counter of a rate limit (used when there is no Redis). */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  /** Epoch milliseconds at which the window ends. */
  reset_at: number;
}

/** The Idempotency-Key of a sign-up and the account it made. */
export interface SignupIdempotencyKeysTable {
  key: string;
  user_id: string;
  created_at: string;
}

/** One counter per live topic; bumped in the transaction of each change. */
export interface ChangeTopicsTable {
  topic: string;
  version: number;
}

/** Recent change events per topic, for clients that reconnect (src/server/changes). */
export interface ChangeLogTable {
  topic: string;
  version: number;
  kind: string;
  /** What changed, e.g. a movie's title. */
  key: string;
  /** JSON of the new value, or null (a deletion or a "refetch" notice). */
  data: string | null;
  created_at: string;
}

export interface UserRolesTable {
  user_id: string;
  /** 'staff' or 'admin' (src/common/roles.ts). */
  role: string;
  granted_at: string;
  granted_by: string | null;
}

/** Installation settings changed by admins; `value` is JSON text. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

/** One-time links that let the first person create the administrator account. */
export interface AdminSetupTokensTable {
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An invitation to join the staff (migration 0090); its link is stored only as a hash. */
export interface StaffInvitationsTable {
  id: string;
  email: string;
  role: string;
  token_hash: string;
  created_at: string;
  sent_at: string;
  expires_at: string;
  invited_by: string | null;
  invited_by_email: string | null;
  accepted_at: string | null;
  accepted_user_id: string | null;
  withdrawn_at: string | null;
}
export type StaffInvitationRow = Selectable<StaffInvitationsTable>;

/** When a staff member last opened a console section (migration 0090). */
export interface ConsoleVisitsTable {
  user_id: string;
  section: string;
  visited_at: string;
}

/** Every staff action and staff sign-in; never updated or deleted by the application. */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  item_type: string;
  item_id: string | null;
  before_json: string | null;
  after_json: string | null;
}

export interface Database {
  change_topics: ChangeTopicsTable;
  change_log: ChangeLogTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  signing_keys: SigningKeysTable;
  server_secrets: ServerSecretsTable;
  oob_codes: OobCodesTable;
  federated_identities: FederatedIdentitiesTable;
  idp_sessions: IdpSessionsTable;
  mfa_enrollments: MfaEnrollmentsTable;
  mfa_sessions: MfaSessionsTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  services: ServicesTable;
  core_values: CoreValuesTable;
  client_reviews: ClientReviewsTable;
  team_members: TeamMembersTable;
  content_images: ContentImagesTable;
  content_image_variants: ContentImageVariantsTable;
  support_messages: SupportMessagesTable;
  support_message_events: SupportMessageEventsTable;
  mail_outbox: MailOutboxTable;
  inbound_mails: InboundMailsTable;
  support_attachments: SupportAttachmentsTable;
  support_saved_replies: SupportSavedRepliesTable;
  staff_notification_prefs: StaffNotificationPrefsTable;
  movies: MoviesTable;
  schedule_activities: ScheduleActivitiesTable;
  job_leases: JobLeasesTable;
  rate_limit_counters: RateLimitCountersTable;
  signing_key_current: SigningKeyCurrentTable;
  signup_idempotency_keys: SignupIdempotencyKeysTable;
  user_roles: UserRolesTable;
  settings: SettingsTable;
  admin_setup_tokens: AdminSetupTokensTable;
  staff_invitations: StaffInvitationsTable;
  console_visits: ConsoleVisitsTable;
  audit_log: AuditLogTable;
  insights_day_nonces: InsightsDayNoncesTable;
  insights_events: InsightsEventsTable;
  insights_hourly: InsightsRollupTable;
  insights_daily: InsightsRollupTable;
  insights_vitals_daily: InsightsVitalsTable;
  insights_vitals_monthly: InsightsVitalsTable;
  insights_day_seen: InsightsDaySeenTable;
  insights_day_keys: InsightsDayKeysTable;
  content_drafts: ContentDraftsTable;
  content_revisions: ContentRevisionsTable;
  content_schedules: ContentSchedulesTable;
  news_articles: NewsArticlesTable;
  site_texts: SiteTextsTable;
  news_slug_redirects: NewsSlugRedirectsTable;
  news_images: NewsImagesTable;
}

/** The one draft of an item of a versioned collection (src/server/platform/publishing). */
export interface ContentDraftsTable {
  collection: string;
  item_id: string;
  /** Counts the draft's saves: a save names the version it started from. */
  version: number;
  content_json: string;
  updated_at: string;
  updated_by_id: string | null;
  updated_by_email: string | null;
}

/** What was published, each time: kept after the item is deleted. */
export interface ContentRevisionsTable {
  id: string;
  collection: string;
  item_id: string;
  /** 1, 2, 3... per item. */
  number: number;
  /** `initial`, `publish`, `restore`, `schedule`, `delete`. */
  action: string;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  content_json: string;
}

/** A draft to publish at `due_at` (ISO 8601, UTC). */
export interface ContentSchedulesTable {
  collection: string;
  item_id: string;
  due_at: string;
  created_at: string;
  actor_id: string | null;
  actor_email: string | null;
  /** Set when the due draft could not be published (migration 0132); it is not tried again. */
  failed_at: string | null;
  /** Why, in the words the console shows. */
  failure: string | null;
}

/** Who runs a periodic job until when (src/server/platform/housekeeping). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  /** ISO 8601, UTC. */
  expires_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type FederatedIdentityRow = Selectable<FederatedIdentitiesTable>;
export type IdpSessionRow = Selectable<IdpSessionsTable>;
export type MfaEnrollmentRow = Selectable<MfaEnrollmentsTable>;
export type MfaSessionRow = Selectable<MfaSessionsTable>;
export type ServiceRow = Selectable<ServicesTable>;
export type CoreValueRow = Selectable<CoreValuesTable>;
export type ClientReviewRow = Selectable<ClientReviewsTable>;
export type TeamMemberRow = Selectable<TeamMembersTable>;
export type SupportMessageRow = Selectable<SupportMessagesTable>;
export type SupportMessageEventRow = Selectable<SupportMessageEventsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type MovieRow = Selectable<MoviesTable>;
export type ChangeLogRow = Selectable<ChangeLogTable>;
export type ScheduleActivityRow = Selectable<ScheduleActivitiesTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
// Generated is re-exported for repositories that add auto columns in later migrations.
export type { Generated };

/**
 * Insights (src/server/insights, docs/insights.md): the random half of the day's visitor salt, whose
 * other half is KEY_ENCRYPTION_SECRET (src/server/insights/salts.ts); deleted when the day ends.
 */
export interface InsightsDayNoncesTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  nonce: string;
}

/** One raw page view, speed sample or server-side event; deleted after INSIGHTS_RAW_DAYS. */
export interface InsightsEventsTable {
  id: string;
  /** ISO 8601, UTC. */
  at: string;
  /** 'pageview' | 'vital' | 'event' */
  kind: string;
  /** The event or metric name ('pageview' for views). */
  name: string;
  path: string;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  device: string | null;
  browser: string | null;
  os: string | null;
  screen: string | null;
  /** The day's visitor hash; null for opted-out views and events. */
  visitor: string | null;
  /** A speed sample: milliseconds, or CLS × 1000. */
  value: number | null;
}

/** Counts per hour ('YYYY-MM-DDTHH') or day ('YYYY-MM-DD') of one dimension's key; kept for ever. */
export interface InsightsRollupTable {
  period: string;
  dimension: string;
  key: string;
  pageviews: number;
  visitors: number;
}

/** A daily (or monthly, 'YYYY-MM') histogram of one speed metric per page and device class (bucketed, for percentiles). */
export interface InsightsVitalsTable {
  period: string;
  path: string;
  device: string;
  metric: string;
  bucket: number;
  count: number;
}

/** Visitor hashes already counted today per scope; only the current day's rows are kept. */
export interface InsightsDaySeenTable {
  day: string;
  scope: string;
  visitor: string;
}

/** The distinct keys (pages, referrers, campaigns) of a day, to cap them; only the current day's are kept. */
export interface InsightsDayKeysTable {
  day: string;
  dimension: string;
  key: string;
}

/** A published news article (src/server/news); its drafts are in content_drafts. */
export interface NewsArticlesTable {
  id: string;
  slug: string;
  title: string;
  summary: string;
  cover_image_id: string | null;
  cover_alt: string;
  /** A team member's id (the author's page is /team/<id>). */
  author_id: string;
  /** The allow-listed rich-text document (src/common/rich-text.ts) as JSON text. */
  body_json: string;
  /** The publish date shown and used for ordering, ISO 8601 UTC. */
  published_at: string;
  updated_at: string;
}

/** An old address of a published article, answered with a 301 to its current one. */
export interface NewsSlugRedirectsTable {
  slug: string;
  article_id: string;
  created_at: string;
}

/** A picture uploaded for articles: kept while any item could show it. */
export interface NewsImagesTable {
  image_id: string;
  created_at: string;
}

/** The published site texts: one row (id 'site'), the fields as JSON (src/common/site-texts.ts). */
export interface SiteTextsTable {
  id: string;
  fields_json: string;
  updated_at: string;
}
