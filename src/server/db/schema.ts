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

export interface ServicesTable {
  id: string;
  position: number;
  title: string;
  summary: string;
  description: string;
  icon: string;
}

export interface CoreValuesTable {
  id: string;
  position: number;
  title: string;
  description: string;
  icon: string;
}

export interface ClientReviewsTable {
  id: string;
  position: number;
  author: string;
  role: string;
  company: string;
  quote: string;
  rating: number;
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
}

export interface SupportMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  date: string;
  idempotency_key: string | null;
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

export interface Database {
  change_topics: ChangeTopicsTable;
  change_log: ChangeLogTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  signing_keys: SigningKeysTable;
  server_secrets: ServerSecretsTable;
  oob_codes: OobCodesTable;
  services: ServicesTable;
  core_values: CoreValuesTable;
  client_reviews: ClientReviewsTable;
  team_members: TeamMembersTable;
  support_messages: SupportMessagesTable;
  movies: MoviesTable;
  schedule_activities: ScheduleActivitiesTable;
  job_leases: JobLeasesTable;
  rate_limit_counters: RateLimitCountersTable;
}

/** Who runs a periodic job until when (src/server/housekeeping). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  /** ISO 8601, UTC. */
  expires_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type ServiceRow = Selectable<ServicesTable>;
export type CoreValueRow = Selectable<CoreValuesTable>;
export type ClientReviewRow = Selectable<ClientReviewsTable>;
export type TeamMemberRow = Selectable<TeamMembersTable>;
export type SupportMessageRow = Selectable<SupportMessagesTable>;
export type MovieRow = Selectable<MoviesTable>;
export type ChangeLogRow = Selectable<ChangeLogTable>;
export type ScheduleActivityRow = Selectable<ScheduleActivitiesTable>;
// Generated is re-exported for repositories that add auto columns in later migrations.
export type { Generated };
