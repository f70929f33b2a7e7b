import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../common/admin-schemas';
import { AUDIT_ACTION_CODES } from '../../../../common/audit-catalogue';
import { auditSentence, entriesCount, roleWords } from './audit-sentence';

const entry = (action: string, itemType: string, more: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'e1',
  at: '2026-11-26T08:00:00.000Z',
  actorId: 'olivia',
  actorEmail: 'olivia@example.com',
  actorName: 'Olivia Chen',
  action,
  itemType,
  itemId: 'item-1',
  itemLabel: null,
  before: null,
  after: null,
  ...more,
});

const hrefs = (sentence: ReturnType<typeof auditSentence>) =>
  sentence.parts.flatMap((part) => (typeof part === 'string' ? [] : [part.href]));

/** One recorded entry of each action in the catalogue, as the server writes it, and its sentence. */
const EXAMPLES: Record<string, { entry: AuditEntry; text: string; href?: string }> = {
  'staff.sign_in': { entry: entry('staff.sign_in', 'user', { itemId: 'olivia' }), text: 'Olivia Chen signed in to the console' },
  'role.grant': {
    entry: entry('role.grant', 'user', {
      itemId: 'maya',
      itemLabel: 'Maya Chen',
      before: { roles: ['staff'] },
      after: { roles: ['staff', 'admin'] },
    }),
    text: "Olivia Chen changed Maya Chen's role from staff to admin",
    href: '/admin/users/maya',
  },
  'role.revoke': {
    entry: entry('role.revoke', 'user', {
      itemId: 'sam',
      itemLabel: 'sam@example.com',
      before: { roles: ['staff'] },
      after: { roles: [] },
    }),
    text: "Olivia Chen changed sam@example.com's role from staff to no role",
    href: '/admin/users/sam',
  },
  'invitation.create': {
    entry: entry('invitation.create', 'invitation', { after: { email: 'new@example.com', role: 'staff' } }),
    text: 'Olivia Chen invited new@example.com to join as staff',
    href: '/admin/users',
  },
  'invitation.resend': {
    entry: entry('invitation.resend', 'invitation', { after: { email: 'new@example.com', role: 'admin' } }),
    text: 'Olivia Chen sent the invitation to new@example.com again',
    href: '/admin/users',
  },
  'invitation.withdraw': {
    entry: entry('invitation.withdraw', 'invitation', { before: { email: 'new@example.com', role: 'admin' } }),
    text: 'Olivia Chen withdrew the invitation to new@example.com',
  },
  'invitation.accept': {
    entry: entry('invitation.accept', 'user', {
      actorName: 'Nina New',
      itemId: 'nina',
      itemLabel: 'Nina New',
      after: { email: 'nina@example.com', role: 'admin' },
    }),
    text: 'Nina New accepted the invitation and joined as admin',
    href: '/admin/users/nina',
  },
  'user.disable': {
    entry: entry('user.disable', 'user', { itemId: 'sam', itemLabel: 'Sam Doe' }),
    text: "Olivia Chen disabled Sam Doe's account",
    href: '/admin/users/sam',
  },
  'user.enable': {
    entry: entry('user.enable', 'user', { itemId: 'sam', itemLabel: 'Sam Doe' }),
    text: "Olivia Chen enabled Sam Doe's account again",
    href: '/admin/users/sam',
  },
  'user.end_sessions': {
    entry: entry('user.end_sessions', 'user', { itemId: 'sam', itemLabel: 'Sam Doe' }),
    text: 'Olivia Chen signed Sam Doe out on every device',
    href: '/admin/users/sam',
  },
  'user.delete': {
    // The account is gone: its name comes from the entry, with no link.
    entry: entry('user.delete', 'user', { itemId: 'sam', before: { displayName: 'Sam Doe', email: 'sam@example.com' } }),
    text: "Olivia Chen deleted Sam Doe's account",
  },
  'settings.update': {
    entry: entry('settings.update', 'settings', {
      itemId: null,
      before: { signUpOpen: true, staffTwoStepRequired: false },
      after: { signUpOpen: false, staffTwoStepRequired: false },
    }),
    text: 'Olivia Chen turned off sign-up',
  },
  'movie.update': {
    entry: entry('movie.update', 'movie', { before: { title: 'Alien' }, after: { title: 'Aliens' } }),
    text: 'Olivia Chen edited the movie “Alien”',
    href: '/admin/movies?q=Alien',
  },
  'movie.delete': { entry: entry('movie.delete', 'movie', { before: { title: 'Alien' } }), text: 'Olivia Chen deleted the movie “Alien”' },
  'inbox.reply': {
    entry: entry('inbox.reply', 'support_message', { itemId: 'm1', itemLabel: 'Sam Doe', after: { status: 'answered' } }),
    text: 'Olivia Chen replied to a Contact Us message from Sam Doe',
    href: '/admin/inbox/m1',
  },
  'inbox.note': {
    entry: entry('inbox.note', 'support_message', { itemId: 'm1', itemLabel: 'Sam Doe', after: { note: 'x' } }),
    text: 'Olivia Chen added a note to a Contact Us message from Sam Doe',
    href: '/admin/inbox/m1',
  },
  'inbox.status': {
    entry: entry('inbox.status', 'support_message', { itemId: 'm1', itemLabel: 'Sam Doe', after: { status: 'closed' } }),
    text: 'Olivia Chen marked a Contact Us message from Sam Doe as closed',
    href: '/admin/inbox/m1',
  },
  'inbox.assign': {
    entry: entry('inbox.assign', 'support_message', { itemId: 'm1', itemLabel: 'Sam Doe', after: { assignee: 'ann@example.com' } }),
    text: 'Olivia Chen assigned a Contact Us message from Sam Doe to ann@example.com',
    href: '/admin/inbox/m1',
  },
  'inbox.saved_reply': {
    entry: entry('inbox.saved_reply', 'support_saved_reply', { after: { title: 'Restart' } }),
    text: 'Olivia Chen saved the ready-made reply “Restart”',
  },
  'inbox.saved_reply_delete': {
    entry: entry('inbox.saved_reply_delete', 'support_saved_reply'),
    text: 'Olivia Chen deleted a ready-made reply',
  },
  'inbox.preferences': {
    entry: entry('inbox.preferences', 'staff_notification_prefs', { after: { notifyNewMessages: true } }),
    text: 'Olivia Chen turned on mails about new Contact Us messages',
  },
};

const NEWS_SENTENCES: [string, string][] = [
  ['publish', 'Olivia Chen published the news article “Saturdays”'],
  ['draft_discard', 'Olivia Chen discarded the draft of the news article “Saturdays”'],
  ['schedule', 'Olivia Chen scheduled the news article “Saturdays” for later'],
  ['schedule_cancel', 'Olivia Chen cancelled the scheduled publishing of the news article “Saturdays”'],
  ['schedule_failed', 'The scheduled draft of the news article “Saturdays” was not published: No author.'],
  ['restore', 'Olivia Chen restored an earlier revision of the news article “Saturdays”'],
];
for (const [verb, text] of NEWS_SENTENCES) {
  EXAMPLES[`news_article.${verb}`] = {
    entry: entry(`news_article.${verb}`, 'news_article', { after: { title: 'Saturdays', reason: 'No author.' } }),
    text,
    href: '/admin/content/news/item-1',
  };
}
EXAMPLES['news_article.delete'] = {
  entry: entry('news_article.delete', 'news_article', { before: { title: 'Saturdays' } }),
  text: 'Olivia Chen took the news article “Saturdays” off the site',
};
EXAMPLES['news_article.image_upload'] = {
  entry: entry('news_article.image_upload', 'news_article', { itemId: null, after: { imageId: 'x' } }),
  text: 'Olivia Chen uploaded a picture for the news',
};

const SITE_TEXTS_SENTENCES: [string, string][] = [
  ['publish', 'Olivia Chen published the site texts'],
  ['draft_discard', 'Olivia Chen discarded the draft of the site texts'],
  ['schedule', 'Olivia Chen scheduled the site texts for later'],
  ['schedule_cancel', 'Olivia Chen cancelled the scheduled publishing of the site texts'],
  ['schedule_failed', 'The scheduled draft of the site texts was not published: No role.'],
  ['restore', 'Olivia Chen restored an earlier revision of the site texts'],
];
for (const [verb, text] of SITE_TEXTS_SENTENCES) {
  EXAMPLES[`site_texts.${verb}`] = {
    entry: entry(`site_texts.${verb}`, 'site_texts', { itemId: 'site', after: { reason: 'No role.' } }),
    text,
    href: '/admin/content/site-texts',
  };
}

const CONTENT = [
  ['service', 'services', 'service', 'Web design', 'title'],
  ['core_value', 'core-values', 'core value', 'Honesty', 'title'],
  ['client_review', 'client-reviews', 'client review', 'Acme', 'company'],
  ['team_member', 'team-members', 'team member', 'Maya Chen', 'name'],
] as const;
for (const [type, kind, one, name, field] of CONTENT) {
  const item = { [field]: name };
  const href = `/admin/content/${kind}/item-1`;
  EXAMPLES[`${type}.create`] = {
    entry: entry(`${type}.create`, type, { after: item }),
    text: `Olivia Chen added the ${one} “${name}”`,
    href,
  };
  EXAMPLES[`${type}.update`] = {
    entry: entry(`${type}.update`, type, { before: item, after: item }),
    text: `Olivia Chen edited the ${one} “${name}”`,
    href,
  };
  EXAMPLES[`${type}.delete`] = { entry: entry(`${type}.delete`, type, { before: item }), text: `Olivia Chen deleted the ${one} “${name}”` };
  EXAMPLES[`${type}.reorder`] = {
    entry: entry(`${type}.reorder`, type, { itemId: null, before: { order: [] }, after: { order: [] } }),
    text: `Olivia Chen changed the order of the ${one}s`,
    href: `/admin/content/${kind}`,
  };
  EXAMPLES[`${type}.publish`] = {
    entry: entry(`${type}.publish`, type, { before: item, after: item }),
    text: `Olivia Chen published the ${one} “${name}”`,
    href,
  };
  EXAMPLES[`${type}.draft_discard`] = {
    entry: entry(`${type}.draft_discard`, type, { before: item }),
    text: `Olivia Chen discarded the draft of the ${one} “${name}”`,
    href,
  };
  // Schedule entries record the time only: the item is named by its id.
  EXAMPLES[`${type}.schedule`] = {
    entry: entry(`${type}.schedule`, type, { after: { dueAt: '2026-12-01T09:00:00.000Z' } }),
    text: `Olivia Chen scheduled the draft of the ${one} “item-1” for 2026-12-01T09:00:00.000Z`,
    href,
  };
  EXAMPLES[`${type}.schedule_cancel`] = {
    entry: entry(`${type}.schedule_cancel`, type, { before: { dueAt: '2026-12-01T09:00:00.000Z' } }),
    text: `Olivia Chen cancelled the scheduled publishing of the ${one} “item-1”`,
    href,
  };
  EXAMPLES[`${type}.schedule_failed`] = {
    entry: entry(`${type}.schedule_failed`, type, {
      actorEmail: null,
      after: { ...item, dueAt: '2026-12-01T09:00:00.000Z', reason: 'No role.' },
    }),
    text: `The scheduled draft of the ${one} “${name}” was not published: No role.`,
    href,
  };
  EXAMPLES[`${type}.restore`] = {
    entry: entry(`${type}.restore`, type, { before: item, after: { ...item, revision: 1 } }),
    text: `Olivia Chen restored an earlier revision of the ${one} “${name}”`,
    href,
  };
  // Picture entries record ids only: the item is named by its id.
  EXAMPLES[`${type}.image_set`] = {
    entry: entry(`${type}.image_set`, type, { after: { imageId: 'i' } }),
    text: `Olivia Chen set the picture of the ${one} “item-1”`,
    href,
  };
  EXAMPLES[`${type}.image_remove`] = {
    entry: entry(`${type}.image_remove`, type, { before: { imageId: 'i' } }),
    text: `Olivia Chen removed the picture of the ${one} “item-1”`,
    href,
  };
}

describe('auditSentence', () => {
  it.each(AUDIT_ACTION_CODES)('reads %s as a sentence', (action) => {
    const example = EXAMPLES[action];
    expect(example, `an example of ${action}`).toBeDefined();
    const sentence = auditSentence(example!.entry);
    expect(sentence.text).toBe(example!.text);
    expect(hrefs(sentence)).toEqual(example!.href ? [example!.href] : []);
  });

  it('names the actor by display name, else email, else the command line', () => {
    const base = EXAMPLES['staff.sign_in']!.entry;
    expect(auditSentence({ ...base, actorName: null }).text).toBe('olivia@example.com signed in to the console');
    expect(auditSentence({ ...base, actorName: null, actorEmail: null, actorId: null }).text).toBe(
      'The command line signed in to the console',
    );
  });

  it('reads the first administrator and an unknown action plainly', () => {
    const first = entry('role.grant', 'user', { actorName: 'Boss', after: { roles: ['admin'], via: 'setup link' } });
    expect(auditSentence(first).text).toBe('Boss became the first administrator, through the setup link');
    expect(auditSentence(entry('thing.frobnicate', 'thing')).text).toBe('Olivia Chen: thing.frobnicate (thing item-1)');
  });

  it('names several changed settings in one sentence', () => {
    const both = entry('settings.update', 'settings', {
      before: { signUpOpen: false, staffTwoStepRequired: false },
      after: { signUpOpen: true, staffTwoStepRequired: true },
    });
    expect(auditSentence(both).text).toBe('Olivia Chen turned on sign-up and turned on two-step sign-in for staff');
  });

  it('counts entries in words and names roles by the highest', () => {
    expect([entriesCount(0), entriesCount(1), entriesCount(2)]).toEqual(['0 entries', '1 entry', '2 entries']);
    expect([roleWords(['staff', 'admin']), roleWords(['staff']), roleWords([]), roleWords(null)]).toEqual([
      'admin',
      'staff',
      'no role',
      'no role',
    ]);
  });
});
