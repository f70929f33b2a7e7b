import type { AuditEntry } from '../../../../common/admin-schemas';
import { CONTENT_ITEM_TYPES, type ContentItemType } from '../../../../common/audit-catalogue';

/** A piece of an audit sentence: plain words, or the name of something the console can open. */
export type SentencePart = string | { text: string; href: string };

export interface AuditSentence {
  parts: SentencePart[];
  /** The whole sentence as text (for a screen reader's label and for tests). */
  text: string;
}

type Fields = Record<string, unknown>;
const fieldsOf = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The highest role of a list, in words: "admin", "staff" or "no role". */
export function roleWords(roles: unknown): string {
  const list = Array.isArray(roles) ? roles : [];
  if (list.includes('admin')) return 'admin';
  if (list.includes('staff')) return 'staff';
  return 'no role';
}

const SETTING_WORDS: Record<string, string> = {
  signUpOpen: 'sign-up',
  staffTwoStepRequired: 'two-step sign-in for staff',
};
const STATUS_WORDS: Record<string, string> = {
  new: 'new',
  open: 'open',
  answered: 'answered',
  waiting: 'waiting for the customer',
  closed: 'closed',
  spam: 'spam',
};

const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/**
 * One audit entry as a sentence: "Olivia Chen replied to a Contact Us message from Sam Doe",
 * "Olivia Chen changed Maya Chen's role from staff to admin". Names are the display names the
 * server sent (`actorName`, `itemLabel`), else what the entry's own before/after records, else
 * the email or id; the item's name links to it in the console while it exists.
 */
export function auditSentence(entry: AuditEntry): AuditSentence {
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const actor = entry.actorName ?? entry.actorEmail ?? 'The command line';
  const id = entry.itemId ?? '';
  const [noun, verb = ''] = entry.action.split('.');
  // A schedule that failed is recorded by the publishing job, with its reason.
  const failure = text(after.reason) ?? 'no reason recorded';

  const link = (label: string, href: string | null): SentencePart => (href && id ? { text: label, href } : label);
  const person = (): SentencePart => {
    const recorded = { ...before, ...after };
    const label = entry.itemLabel ?? text(recorded.displayName) ?? text(recorded.email) ?? id;
    return link(label, entry.action === 'user.delete' ? null : `/admin/users/${encodeURIComponent(id)}`);
  };
  const said = (...parts: SentencePart[]): AuditSentence => ({
    parts,
    text: parts.map((part) => (typeof part === 'string' ? part : part.text)).join(''),
  });

  if (entry.itemType in CONTENT_ITEM_TYPES && noun === entry.itemType) {
    const words = CONTENT_ITEM_TYPES[entry.itemType as ContentItemType];
    const recorded = { ...before, ...after };
    const name = text(recorded.title) ?? text(recorded.name) ?? text(recorded.company) ?? id;
    const item = link(`“${name}”`, verb === 'delete' ? null : `/admin/content/${words.kind}/${encodeURIComponent(id)}`);
    switch (verb) {
      case 'create':
        return said(`${actor} added the ${words.one} `, item);
      case 'update':
        return said(`${actor} edited the ${words.one} `, item);
      case 'delete':
        return said(`${actor} deleted the ${words.one} `, item);
      case 'reorder':
        return said(`${actor} changed the order of the `, { text: words.many, href: `/admin/content/${words.kind}` });
      case 'image_set':
        return said(`${actor} set the picture of the ${words.one} `, item);
      case 'image_remove':
        return said(`${actor} removed the picture of the ${words.one} `, item);
      case 'publish':
        return said(`${actor} published the ${words.one} `, item);
      case 'draft_discard':
        return said(`${actor} discarded the draft of the ${words.one} `, item);
      case 'schedule':
        return said(`${actor} scheduled the draft of the ${words.one} `, item, ` for ${text(after.dueAt) ?? 'later'}`);
      case 'schedule_cancel':
        return said(`${actor} cancelled the scheduled publishing of the ${words.one} `, item);
      case 'schedule_failed':
        return said(`The scheduled draft of the ${words.one} `, item, ` was not published: ${failure}`);
      case 'restore':
        return said(`${actor} restored an earlier revision of the ${words.one} `, item);
    }
  }

  if (entry.itemType === 'news_article' && noun === 'news_article') {
    const recorded = { ...before, ...after };
    const name = text(recorded.title) ?? id;
    const article = link(`“${name}”`, verb === 'delete' ? null : `/admin/content/news/${encodeURIComponent(id)}`);
    switch (verb) {
      case 'publish':
        return said(`${actor} published the news article `, article);
      case 'draft_discard':
        return said(`${actor} discarded the draft of the news article `, article);
      case 'schedule':
        return said(`${actor} scheduled the news article `, article, ` for ${text(after.dueAt) ?? 'later'}`);
      case 'schedule_cancel':
        return said(`${actor} cancelled the scheduled publishing of the news article `, article);
      case 'schedule_failed':
        return said(`The scheduled draft of the news article `, article, ` was not published: ${failure}`);
      case 'restore':
        return said(`${actor} restored an earlier revision of the news article `, article);
      case 'delete':
        return said(`${actor} took the news article `, article, ' off the site');
      case 'image_upload':
        return said(`${actor} uploaded a picture for the news`);
    }
  }

  if (entry.itemType === 'site_texts' && noun === 'site_texts') {
    const texts = link('the site texts', '/admin/content/site-texts');
    switch (verb) {
      case 'publish':
        return said(`${actor} published `, texts);
      case 'draft_discard':
        return said(`${actor} discarded the draft of `, texts);
      case 'schedule':
        return said(`${actor} scheduled `, texts, ` for ${text(after.dueAt) ?? 'later'}`);
      case 'schedule_cancel':
        return said(`${actor} cancelled the scheduled publishing of `, texts);
      case 'schedule_failed':
        return said(`The scheduled draft of `, texts, ` was not published: ${failure}`);
      case 'restore':
        return said(`${actor} restored an earlier revision of `, texts);
    }
  }

  const message = (): SentencePart[] => {
    const from = entry.itemLabel ?? 'someone';
    return ['a Contact Us message from ', link(from, `/admin/inbox/${encodeURIComponent(id)}`)];
  };
  const invited = text(after.email) ?? text(before.email) ?? 'someone';
  const role = roleWords([after.role ?? before.role]);

  switch (entry.action) {
    case 'staff.sign_in':
      return said(`${actor} signed in to the console`);
    case 'role.grant':
    case 'role.revoke':
      if (after.via === 'setup link') return said(`${actor} became the first administrator, through the setup link`);
      return said(`${actor} changed `, possessiveOf(person()), ` role from ${roleWords(before.roles)} to ${roleWords(after.roles)}`);
    case 'invitation.create':
      return said(`${actor} invited `, { text: invited, href: '/admin/users' }, ` to join as ${role}`);
    case 'invitation.resend':
      return said(`${actor} sent the invitation to `, { text: invited, href: '/admin/users' }, ' again');
    case 'invitation.withdraw':
      return said(`${actor} withdrew the invitation to ${invited}`);
    case 'invitation.accept':
      return said(person(), ` accepted the invitation and joined as ${role}`);
    case 'user.disable':
      return said(`${actor} disabled `, possessiveOf(person()), ' account');
    case 'user.enable':
      return said(`${actor} enabled `, possessiveOf(person()), ' account again');
    case 'user.end_sessions':
      return said(`${actor} signed `, person(), ' out on every device');
    case 'user.delete':
      return said(`${actor} deleted `, possessiveOf(person()), ' account');
    case 'settings.update': {
      const changes = Object.keys({ ...before, ...after })
        .filter((key) => before[key] !== after[key])
        .map((key) => `turned ${after[key] ? 'on' : 'off'} ${SETTING_WORDS[key] ?? key}`);
      return said(`${actor} `, changes.length ? changes.join(' and ') : 'saved the settings');
    }
    case 'movie.update':
    case 'movie.delete': {
      const title = text(before.title) ?? text(after.title) ?? id;
      const item = link(`“${title}”`, verb === 'update' ? `/admin/movies?q=${encodeURIComponent(title)}` : null);
      return said(`${actor} ${verb === 'update' ? 'edited' : 'deleted'} the movie `, item);
    }
    case 'inbox.reply':
      return said(`${actor} replied to `, ...message());
    case 'inbox.note':
      return said(`${actor} added a note to `, ...message());
    case 'inbox.status': {
      const status = STATUS_WORDS[String(after.status)] ?? String(after.status);
      return said(`${actor} marked `, ...message(), ` as ${status}`);
    }
    case 'inbox.assign':
      return after.assignee
        ? said(`${actor} assigned `, ...message(), ` to ${String(after.assignee)}`)
        : said(`${actor} unassigned `, ...message());
    case 'inbox.saved_reply':
      return said(`${actor} saved the ready-made reply “${text(after.title) ?? id}”`);
    case 'inbox.saved_reply_delete':
      return said(`${actor} deleted a ready-made reply`);
    case 'inbox.preferences':
      return said(`${actor} turned ${after.notifyNewMessages ? 'on' : 'off'} mails about new Contact Us messages`);
  }
  // An action this console does not know yet (written by a newer server): its code, plainly.
  return said(`${actor}: ${entry.action}`, ...(id ? [' (', link(`${entry.itemType} ${id}`, null), ')'] : []));
}

/** "Maya Chen" -> "Maya Chen's", keeping the link. */
function possessiveOf(part: SentencePart): SentencePart {
  return typeof part === 'string' ? possessive(part) : { ...part, text: possessive(part.text) };
}

/** "1 entry", "2 entries". */
export const entriesCount = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;
