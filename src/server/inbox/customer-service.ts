import type { Kysely } from 'kysely';
import type { CustomerConversation } from '../../common/inbox-schemas';
import type { ChangeEvent } from '../changes/index';
import type { Database, SupportMessageRow } from '../platform/db/schema';
import { notFound } from '../platform/lib/http-error';
import { storeAnswer } from './answers';
import { conversationsRepository } from './conversations-repository';
import { inboxRepository } from './messages-repository';

/** What a customer sees: their words and our replies, never notes, status history or staff names. */
async function toCustomerView(db: Kysely<Database>, row: SupportMessageRow): Promise<CustomerConversation> {
  const history = await inboxRepository(db).history(row.id);
  return {
    id: row.id,
    subject: row.subject,
    date: row.date,
    status: row.status === 'closed' ? 'closed' : 'open',
    messages: [
      { id: row.id, at: row.date, from: 'customer' as const, body: row.message },
      ...history.flatMap((event) =>
        (event.kind === 'answer' || event.kind === 'reply') && event.body
          ? [{ id: event.id, at: event.at, from: event.kind === 'answer' ? ('customer' as const) : ('staff' as const), body: event.body }]
          : [],
      ),
    ],
  };
}

/** The Account page's conversations: the customer's own (by verified email), and answers into them. */
export function customerService(
  db: Kysely<Database>,
  options: { inboxEmails: readonly string[]; publicUrl: string; afterCommit: (events: ChangeEvent[], mailQueued: boolean) => void },
) {
  return {
    async list(email: string): Promise<CustomerConversation[]> {
      const rows = await conversationsRepository(db).ofCustomer(email.toLowerCase(), 20);
      return Promise.all(rows.map((row) => toCustomerView(db, row)));
    },

    /** The answer goes where a mailed one would: the same conversation, reopened, staff told. */
    async answer(customer: { uid: string; email: string }, id: string, body: string): Promise<CustomerConversation> {
      const result = await db.transaction().execute(async (trx) => {
        const row = await inboxRepository(trx).findForUpdate(id);
        // Someone else's conversation is as absent as a missing one.
        if (!row || row.email_lower !== customer.email.toLowerCase() || row.status === 'spam')
          throw notFound('There is no such conversation.');
        return storeAnswer(
          trx,
          row,
          {
            body,
            quoted: null,
            fromEmail: customer.email,
            customerId: customer.uid,
            mailMessageId: null,
            inboundId: null,
            at: new Date().toISOString(),
          },
          options,
        );
      });
      options.afterCommit(result.events, result.mailQueued);
      return toCustomerView(db, (await inboxRepository(db).find(id))!);
    },
  };
}

export type CustomerService = ReturnType<typeof customerService>;
