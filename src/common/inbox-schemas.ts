import { z } from 'zod';
import { INBOX_REPLY_MAX } from './support-limits';
import { storableText } from './text-rules';

/** Request and response shapes of the Contact Us inbox (/api/admin/inbox), shared by server and app. */

/** A conversation's status; "waiting" is waiting for the customer (set by a reply). */
export const INBOX_STATUSES = ['new', 'open', 'waiting', 'closed', 'spam'] as const;
export const inboxStatusSchema = z.enum(INBOX_STATUSES);
export type InboxStatus = z.infer<typeof inboxStatusSchema>;

export const INBOX_PAGE_MAX = 100;
export const INBOX_SEARCH_MAX = 100;
// In support-limits.ts, so the customer's Account page shows it without loading zod.
export { INBOX_REPLY_MAX };
export const INBOX_NOTE_MAX = 5_000;

export const inboxQuerySchema = z.object({
  /** Words of the name, email, subject or message; text with "@" is matched as the start of an email. */
  q: z.string().check(storableText()).trim().max(INBOX_SEARCH_MAX, `must be at most ${INBOX_SEARCH_MAX} characters`).optional(),
  /** One status; without it, every message except spam. */
  status: inboxStatusSchema.optional(),
  /** "me": only the conversations assigned to the caller. */
  assigned: z.enum(['me']).optional(),
  /** The `next` cursor of the previous page. */
  cursor: z.string().max(200).check(storableText()).optional(),
  limit: z.coerce.number().int().min(1).max(INBOX_PAGE_MAX).default(25),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

export const inboxMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  date: z.string(),
  status: inboxStatusSchema,
  /** Why the spam checks caught it (honeypot, too fast, bad token), or null. */
  spamReason: z.string().nullable(),
  /** The staff member the conversation is assigned to, or null. */
  assigneeId: z.string().nullable(),
  assigneeEmail: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxPageSchema = z.object({ messages: z.array(inboxMessageSchema), next: z.string().nullable() });
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** What the console's menu and home show: how many messages are new, and the latest of them. */
export const INBOX_SUMMARY_LATEST = 5;
export const inboxSummarySchema = z.object({ newCount: z.number().int().min(0), latestNew: z.array(inboxMessageSchema) });
export type InboxSummary = z.infer<typeof inboxSummarySchema>;

export const DELIVERY_STATES = ['queued', 'retrying', 'sent'] as const;

export const inboxEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** answer: the customer's (by mail or on the Account page); assign: a new assignee (body: their email or null). */
  kind: z.enum(['reply', 'note', 'status', 'answer', 'assign']),
  actorEmail: z.string().nullable(),
  body: z.string().nullable(),
  /** Answers by mail: the quoted history below the answer, folded away. */
  quoted: z.string().nullable(),
  /** Answers by mail: the whole mail as received, to download (GET …/:id/mails/:mailId). */
  mailId: z.string().nullable(),
  /** Answers by mail: the files kept (images, PDF). */
  attachments: z.array(z.object({ id: z.string(), filename: z.string(), contentType: z.string(), size: z.number().int() })),
  fromStatus: inboxStatusSchema.nullable(),
  toStatus: inboxStatusSchema.nullable(),
  /** Replies only: where the mail is (queued, retrying after a failure, sent). */
  delivery: z.enum(DELIVERY_STATES).nullable(),
});
export type InboxEvent = z.infer<typeof inboxEventSchema>;

export const inboxMessageDetailSchema = z.object({ message: inboxMessageSchema, history: z.array(inboxEventSchema) });
export type InboxMessageDetail = z.infer<typeof inboxMessageDetailSchema>;

const text = (max: number, what: string) =>
  z
    .string({ message: `Please write the ${what}.` })
    .check(storableText(`The ${what}`))
    .trim()
    .min(1, `Please write the ${what}.`)
    .max(max, `The ${what} must be at most ${max.toLocaleString('en-US')} characters.`);

export const inboxReplySchema = z.object({ body: text(INBOX_REPLY_MAX, 'reply') }).strict();
export const inboxNoteSchema = z.object({ body: text(INBOX_NOTE_MAX, 'note') }).strict();
export const inboxStatusChangeSchema = z.object({ status: inboxStatusSchema }).strict();

export const inboxPreferencesSchema = z.object({ notifyNewMessages: z.boolean() }).strict();
export type InboxPreferences = z.infer<typeof inboxPreferencesSchema>;

export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = {
  new: 'New',
  open: 'Open',
  waiting: 'Waiting for the customer',
  closed: 'Closed',
  spam: 'Spam',
};

export const inboxAssigneeSchema = z.object({ assigneeId: z.string().min(1).max(64).check(storableText()).nullable() }).strict();
export const inboxStaffSchema = z.object({ staff: z.array(z.object({ id: z.string(), email: z.string() })) });
export type InboxStaff = z.infer<typeof inboxStaffSchema>;

export const SAVED_REPLY_TITLE_MAX = 100;
export const savedReplySchema = z.object({ id: z.string(), title: z.string(), body: z.string() });
export type SavedReply = z.infer<typeof savedReplySchema>;
export const savedRepliesSchema = z.object({ replies: z.array(savedReplySchema) });
export const newSavedReplySchema = z.object({ title: text(SAVED_REPLY_TITLE_MAX, 'title'), body: text(INBOX_REPLY_MAX, 'reply') }).strict();

/** What a signed-in customer sees of their own conversations (the Account page). */
export const customerMessageSchema = z.object({
  id: z.string(),
  at: z.string(),
  from: z.enum(['customer', 'staff']),
  body: z.string(),
});
export const customerConversationSchema = z.object({
  id: z.string(),
  subject: z.string().nullable(),
  date: z.string(),
  status: z.enum(['open', 'closed']),
  messages: z.array(customerMessageSchema),
});
export type CustomerConversation = z.infer<typeof customerConversationSchema>;
export const customerConversationsSchema = z.object({ conversations: z.array(customerConversationSchema) });
export type CustomerConversations = z.infer<typeof customerConversationsSchema>;
export const customerAnswerSchema = z.object({ body: text(INBOX_REPLY_MAX, 'answer') }).strict();
