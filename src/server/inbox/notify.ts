import type { Kysely } from 'kysely';
import type { SupportMessageCreated } from '../../common/support-message';
import type { Database } from '../platform/db/schema';
import { notificationPrefsRepository } from './messages-repository';
import { outboxRepository } from './outbox-repository';

/** Everyone to tell about a new message: the configured inbox addresses and subscribed staff, each once. */
export function notificationRecipients(configured: readonly string[], staff: readonly string[]): string[] {
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const address of [...configured, ...staff]) {
    const key = address.trim().toLowerCase();
    if (key && !seen.has(key)) {
      seen.add(key);
      recipients.push(address.trim());
    }
  }
  return recipients;
}

export function notificationMail(message: SupportMessageCreated, publicUrl: string) {
  const link = `${publicUrl}/admin/inbox/${encodeURIComponent(message.id)}`;
  const subject = `New Contact Us message from ${message.name}${message.subject ? `: ${message.subject}` : ''}`.slice(0, 200);
  const excerpt = message.message.length > 500 ? `${message.message.slice(0, 500)}…` : message.message;
  const text = `${message.name} <${message.email}> wrote on ${message.date}:\n\n${excerpt}\n\nOpen it in the inbox: ${link}\n`;
  return { subject, text, link };
}

/** Queues the notification mails of a new message; pass the transaction that stores the message. */
export async function queueNewMessageNotifications(
  trx: Kysely<Database>,
  message: SupportMessageCreated,
  options: { inboxEmails: readonly string[]; publicUrl: string },
): Promise<number> {
  const staff = await notificationPrefsRepository(trx).subscribedStaffEmails();
  const recipients = notificationRecipients(options.inboxEmails, staff);
  const mail = notificationMail(message, options.publicUrl);
  const outbox = outboxRepository(trx);
  for (const recipient of recipients)
    await outbox.enqueue({ kind: 'inbox_notification', recipient, subject: mail.subject, body: mail.text, link: mail.link }, message.date);
  return recipients.length;
}
