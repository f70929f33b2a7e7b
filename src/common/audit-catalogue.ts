/**
 * Every action and item type the audit log records, with the words the console shows for them.
 * One list for the server (which writes these codes) and the console (whose filters are built
 * from it, so nobody types `movie.update`). A new audited action is one more entry here, and
 * the sentence test (src/app/features/admin/state/audit-sentence.test.ts) asks for its sentence.
 */

/** Company content the console edits, by audit item type, with the console path of its list. */
export const CONTENT_ITEM_TYPES = {
  service: { kind: 'services', one: 'service', many: 'services' },
  core_value: { kind: 'core-values', one: 'core value', many: 'core values' },
  client_review: { kind: 'client-reviews', one: 'client review', many: 'client reviews' },
  team_member: { kind: 'team-members', one: 'team member', many: 'team members' },
} as const;
export type ContentItemType = keyof typeof CONTENT_ITEM_TYPES;

export const AUDIT_ITEM_TYPES = {
  user: 'Users',
  invitation: 'Invitations',
  settings: 'Settings',
  service: 'Services',
  core_value: 'Core values',
  client_review: 'Client reviews',
  team_member: 'Team members',
  movie: 'Movies',
  support_message: 'Contact Us messages',
  staff_notification_prefs: 'Notification preferences',
  news_article: 'News articles',
  site_texts: 'Site texts',
} as const;
export type AuditItemType = keyof typeof AUDIT_ITEM_TYPES;

const contentActions = (type: ContentItemType, label: string, pictures: boolean) => ({
  [`${type}.create`]: `${label}: added`,
  [`${type}.update`]: `${label}: edited`,
  [`${type}.delete`]: `${label}: deleted`,
  [`${type}.reorder`]: `${label}: reordered`,
  [`${type}.publish`]: `${label}: published`,
  [`${type}.draft_discard`]: `${label}: draft discarded`,
  [`${type}.schedule`]: `${label}: publishing scheduled`,
  [`${type}.schedule_cancel`]: `${label}: schedule cancelled`,
  [`${type}.schedule_failed`]: `${label}: scheduled publishing failed`,
  [`${type}.restore`]: `${label}: revision restored`,
  ...(pictures ? { [`${type}.image_set`]: `${label}: picture set`, [`${type}.image_remove`]: `${label}: picture removed` } : {}),
});

/** Action code -> the label of the filter list. */
export const AUDIT_ACTIONS: Readonly<Record<string, string>> = {
  'staff.sign_in': 'Staff sign-in',
  'role.grant': 'Role given',
  'role.revoke': 'Role removed',
  'invitation.create': 'Invitation sent',
  'invitation.resend': 'Invitation sent again',
  'invitation.withdraw': 'Invitation withdrawn',
  'invitation.accept': 'Invitation accepted',
  'user.disable': 'Account disabled',
  'user.enable': 'Account enabled',
  'user.end_sessions': 'Signed out everywhere',
  'user.delete': 'Account deleted',
  'settings.update': 'Settings changed',
  ...contentActions('service', 'Services', true),
  ...contentActions('core_value', 'Core values', false),
  ...contentActions('client_review', 'Client reviews', false),
  ...contentActions('team_member', 'Team members', true),
  'news_article.publish': 'News: published',
  'site_texts.publish': 'Site texts: published',
  'site_texts.draft_discard': 'Site texts: draft discarded',
  'site_texts.schedule': 'Site texts: publishing scheduled',
  'site_texts.schedule_cancel': 'Site texts: schedule cancelled',
  'site_texts.schedule_failed': 'Site texts: scheduled publishing failed',
  'site_texts.restore': 'Site texts: revision restored',
  'news_article.draft_discard': 'News: draft discarded',
  'news_article.schedule': 'News: publishing scheduled',
  'news_article.schedule_cancel': 'News: schedule cancelled',
  'news_article.schedule_failed': 'News: scheduled publishing failed',
  'news_article.restore': 'News: revision restored',
  'news_article.delete': 'News: taken off the site',
  'news_article.image_upload': 'News: picture uploaded',
  'movie.update': 'Movie edited',
  'movie.delete': 'Movie deleted',
  'inbox.reply': 'Contact Us: replied',
  'inbox.note': 'Contact Us: note added',
  'inbox.status': 'Contact Us: status changed',
  'inbox.preferences': 'Contact Us: notifications switched',
  'inbox.assign': 'Help desk: assigned',
  'inbox.saved_reply': 'Help desk: ready-made reply saved',
  'inbox.saved_reply_delete': 'Help desk: ready-made reply deleted',
};

export const AUDIT_ACTION_CODES = Object.keys(AUDIT_ACTIONS);
