import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { type ParsedMail, simpleParser } from 'mailparser';
import { looksLikeEmail } from '../../common/email-format';
import { type ChangeEvent, withTimeout } from '../changes/index';
import type { Database, SupportMessageRow } from '../platform/db/schema';
import { storeAnswer } from './answers';
import { conversationsRepository } from './conversations-repository';
import { recordInboxChange, toInboxMessage } from './inbox-mappers';
import {
  attachmentRefusal,
  cleanText,
  conversationOfRootId,
  foldQuoted,
  isAutomatic,
  messageIdKeys,
  parserRefusal,
  threadIdsOf,
  tokenOfAddress,
} from './mail-rules';
import { inboxRepository } from './messages-repository';
import { queueNewMessageNotifications } from './notify';

/** A mail we will not take, with the SMTP reply code that says why (4xx: try later, 5xx: never). */
export class InboundRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export type InboundOutcome = 'answer' | 'new' | 'auto' | 'spam' | 'duplicate';

export interface InboundOptions {
  domain: string;
  publicUrl: string;
  inboxEmails: readonly string[];
  maxBytes: number;
  /** Per hour: mails from one sender, and into one conversation. */
  senderLimit?: number;
  conversationLimit?: number;
  afterCommit: (events: ChangeEvent[], mailQueued: boolean) => void;
}

/** The key a mail is stored under, and the pre-per-sender key that also makes it a duplicate. */
interface Dedupe {
  key: string;
  legacy?: { key: string; sender: string };
}

const ANSWER_MAX = 20_000;
const HOUR_MS = 3_600_000;

function headerLookup(mail: ParsedMail) {
  return (name: string): string | undefined => {
    const line = mail.headerLines.find((header) => header.key === name)?.line;
    return line === undefined
      ? undefined
      : line
          .slice(line.indexOf(':') + 1)
          .trim()
          .slice(0, 1000);
  };
}

/** Every address the mail names as a recipient (used only to find a reply token, never to send). */
function recipientsOf(mail: ParsedMail, envelope: readonly string[]): string[] {
  const header = headerLookup(mail);
  const fromHeaders = [mail.to, mail.cc]
    .flatMap((value) => (value ? (Array.isArray(value) ? value : [value]) : []))
    .flatMap((group) => group.value.map((address) => address.address ?? ''));
  const delivered = ['delivered-to', 'x-original-to', 'envelope-to'].map((name) => header(name) ?? '');
  return [...envelope, ...delivered, ...fromHeaders].filter(Boolean).slice(0, 100);
}

/**
 * Inbound mail (the SMTP receiver's and the webhook's): parsed, threaded to its conversation
 * (reply address, else In-Reply-To/References, else a new conversation) and stored whole with
 * the answer, before the caller says it was accepted. Auto-replies and bounces are kept but
 * change nothing. A subject tag never threads: it and a From address are what anyone can copy.
 */
export function inboundService(db: Kysely<Database>, options: InboundOptions) {
  const conversations = conversationsRepository(db);

  /** True when the address is the reply address of a conversation (the receiver's RCPT check). */
  async function knowsRecipient(address: string): Promise<boolean> {
    const token = tokenOfAddress(address, options.domain);
    return token !== null && (await conversations.findByToken(token)) !== undefined;
  }

  /** Only what a stranger cannot copy from a subject line threads: our reply address or Message-IDs. */
  async function thread(mail: ParsedMail, recipients: string[], from: string): Promise<SupportMessageRow | null> {
    for (const address of recipients) {
      const token = tokenOfAddress(address, options.domain);
      const found = token ? await conversations.findByToken(token) : undefined;
      if (found) return found;
    }
    const ids = threadIdsOf(mail.inReplyTo, mail.references);
    for (const id of ids) {
      const root = conversationOfRootId(id, options.domain);
      const found = root ? await inboxRepository(db).find(root) : undefined;
      if (found) return found;
    }
    const byMail = await conversations.findByMailIds(ids, from);
    return byMail ? ((await inboxRepository(db).find(byMail)) ?? null) : null;
  }

  /** Parsed, or refused for good: the parser fails the same way on every retry. */
  function parse(raw: Buffer): Promise<ParsedMail> {
    const parsing = simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, maxHtmlLengthToParse: 2_000_000 }).catch(
      (error: unknown) => {
        const refusal = parserRefusal(error);
        throw new InboundRefusal(refusal.code, refusal.text);
      },
    );
    return withTimeout(parsing, 20_000, 'mail parse');
  }

  async function checkLimits(from: string, conversationId: string | null, now: number) {
    const since = new Date(now - HOUR_MS).toISOString();
    if ((await conversations.countInbound({ sender: from }, since)) >= (options.senderLimit ?? 30))
      throw new InboundRefusal(450, '4.7.1 Too many mails from this sender; try again later');
    if (conversationId && (await conversations.countInbound({ conversationId }, since)) >= (options.conversationLimit ?? 60))
      throw new InboundRefusal(450, '4.7.1 Too many mails for this conversation; try again later');
  }

  async function receive(
    raw: Buffer,
    envelope: { from: string | null; to: readonly string[] },
  ): Promise<{ outcome: InboundOutcome; conversationId: string | null }> {
    if (raw.length > options.maxBytes) throw new InboundRefusal(552, '5.3.4 Message too big');
    // A mail is a header block, an empty line and a body; anything else is not one.
    const head = raw.subarray(0, 200_000).toString('latin1');
    if (!/^[\x21-\x39\x3b-\x7e]+:/.test(head) || !/\r?\n\r?\n/.test(head))
      throw new InboundRefusal(550, '5.6.0 Malformed message: no header block');
    const mail = await parse(raw);
    const from = mail.from?.value[0]?.address?.trim() ?? '';
    if (!from || from.length > 254 || !looksLikeEmail(from, 254))
      throw new InboundRefusal(550, '5.6.0 Malformed message: no valid From address');
    const keys = messageIdKeys(from, mail.messageId);
    const dedupe: Dedupe = keys
      ? { key: keys.key, legacy: { key: keys.legacyKey, sender: from } }
      : { key: `sha256:${createHash('sha256').update(raw).digest('hex')}` };
    if (await conversations.inboundExists(dedupe.key, dedupe.legacy)) return { outcome: 'duplicate', conversationId: null };
    const dedupeKey = dedupe.key;

    const header = headerLookup(mail);
    const automatic = isAutomatic(header, header('content-type') ?? 'text/plain', envelope.from);
    const conversation = await thread(mail, recipientsOf(mail, envelope.to), from);
    const now = Date.now();
    const at = new Date(now).toISOString();
    const record = { dedupeKey, sender: from, conversationId: conversation?.id ?? null, raw, receivedAt: at };
    const spam = /^yes/i.test(header('x-spam-flag') ?? '') || /^yes/i.test(header('x-spam-status') ?? '');
    if (automatic || (spam && conversation)) {
      // Kept whole for staff who look, but nothing reopens and nothing answers: no loops.
      return store(dedupe, async (trx) => {
        await conversationsRepository(trx).insertInbound({ ...record, outcome: automatic ? 'auto' : 'spam' });
        return { outcome: automatic ? 'auto' : 'spam', conversationId: record.conversationId, events: [], mailQueued: false };
      });
    }
    await checkLimits(from, conversation?.id ?? null, now);
    const { answer, quoted } = foldQuoted(cleanText(mail.text ?? '', ANSWER_MAX));
    return store(dedupe, async (trx) => {
      const repository = conversationsRepository(trx);
      if (conversation) {
        const inboundId = await repository.insertInbound({ ...record, outcome: 'answer' });
        const locked = (await inboxRepository(trx).findForUpdate(conversation.id)) ?? conversation;
        const stored = await storeAnswer(
          trx,
          locked,
          { body: answer || '(no text)', quoted, fromEmail: from, customerId: null, mailMessageId: mail.messageId ?? null, inboundId, at },
          options,
        );
        await keepAttachments(trx, mail, conversation.id, stored.eventId, at);
        return { outcome: 'answer' as const, conversationId: conversation.id, events: stored.events, mailQueued: stored.mailQueued };
      }
      const id = randomUUID();
      const name = cleanText(mail.from?.value[0]?.name || from, 100);
      const subject = mail.subject ? cleanText(mail.subject, 200) : null;
      const status = spam ? 'spam' : 'new';
      const message = answer || '(no text)';
      await trx
        .insertInto('support_messages')
        .values({
          id,
          name,
          email: from,
          subject,
          message,
          date: at,
          idempotency_key: null,
          status,
          spam_reason: spam ? 'mail_flagged' : null,
          email_lower: from.toLowerCase(),
          search_text: [name, from, subject ?? '', message].join(' ').toLowerCase(),
        })
        .execute();
      await repository.insertInbound({ ...record, conversationId: id, outcome: spam ? 'spam' : 'new' });
      const created = { id, name, email: from, subject, message, date: at };
      const queued = spam ? 0 : await queueNewMessageNotifications(trx, created, options);
      await keepAttachments(trx, mail, id, id, at);
      const row = (await inboxRepository(trx).find(id))!;
      const event = await recordInboxChange(trx, 'add', toInboxMessage(row));
      return { outcome: spam ? ('spam' as const) : ('new' as const), conversationId: id, events: [event], mailQueued: queued > 0 };
    });
  }

  /** Attachments kept (images, PDF up to 10 MB); others refused with a note staff see. */
  async function keepAttachments(trx: Kysely<Database>, mail: ParsedMail, conversationId: string, eventId: string, at: string) {
    for (const file of mail.attachments.slice(0, 20)) {
      const filename = cleanText(file.filename ?? 'attachment', 200);
      const refusal = attachmentRefusal(file.contentType, file.content.length);
      if (!refusal) {
        await conversationsRepository(trx).addAttachment({
          messageId: conversationId,
          eventId,
          filename,
          contentType: file.contentType,
          content: file.content,
        });
        continue;
      }
      await inboxRepository(trx).addEvent({
        message_id: conversationId,
        at,
        kind: 'note',
        actor_id: null,
        actor_email: null,
        body: `The attachment “${filename}” (${file.contentType}, ${Math.ceil(file.content.length / 1024)} KB) was not kept: ${refusal}.`,
        from_status: null,
        to_status: null,
        outbox_id: null,
      });
    }
  }

  /**
   * Runs the write in one transaction. When another receiver stored the same mail first, the
   * unique dedupe key refuses this copy: that is a duplicate, accepted and not stored twice.
   */
  async function store(
    dedupe: Dedupe,
    work: (
      trx: Transaction<Database>,
    ) => Promise<{ outcome: InboundOutcome; conversationId: string | null; events: ChangeEvent[]; mailQueued: boolean }>,
  ): Promise<{ outcome: InboundOutcome; conversationId: string | null }> {
    let result;
    try {
      result = await db.transaction().execute((trx) => work(trx));
    } catch (error) {
      if (await conversations.inboundExists(dedupe.key, dedupe.legacy).catch(() => false))
        return { outcome: 'duplicate', conversationId: null };
      throw error;
    }
    options.afterCommit(result.events, result.mailQueued);
    return { outcome: result.outcome, conversationId: result.conversationId };
  }

  return { knowsRecipient, receive };
}

export type InboundService = ReturnType<typeof inboundService>;
