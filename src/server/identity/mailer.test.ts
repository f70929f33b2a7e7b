import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink';
import { freePort } from '../../../tests/support/throwaway-services';
import { createMailer, type Mail } from './mailer';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(done: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const start = Date.now();
  while (!done() && Date.now() - start < timeoutMs) await sleep(20);
  return done();
}

const mail = (n: number): Mail => ({ to: `customer${n}@example.com`, subject: `Mail ${n}`, text: `Body ${n}`, link: 'http://localhost/' });

describe('SMTP mailer and a slow mail server', () => {
  let sink: SmtpSink;
  // The mail timeouts are short so the tests see a server answer after them; the tests wait on
  // conditions. Where the test needs the session to reach the server's stall first, the timeout
  // leaves a busy machine room for that.
  const mailer = (timeoutMs: number, answerTimeoutMs?: number) =>
    createMailer({
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      from: 'Northwind <no-reply@northwind.test>',
      log: Fastify({ logger: false }).log,
      timeoutMs,
      ...(answerTimeoutMs ? { answerTimeoutMs } : {}),
    });
  beforeEach(async () => {
    sink = await startSmtpSink(await freePort());
  });
  afterEach(() => sink.close());

  it('ends the SMTP session at the mail timeout while the server lacks the end of the mail, so its late answer delivers nothing', async () => {
    sink.stall('MAIL');
    await expect(mailer(200).send(mail(1))).rejects.toThrow(/timed out after 200 ms before the mail server had the whole mail/);
    // The socket is closed, not merely given up on: the late answer finds nobody to continue with.
    expect(await until(() => sink.open === 0)).toBe(true);
    sink.stall(null);
    sink.release();
    await mailer(10_000).send(mail(2));
    expect(sink.mails.map((m) => m.to.join())).toEqual(['customer2@example.com']);
  });

  it('waits past the mail timeout for the answer to a mail the server has whole, and delivers it once', async () => {
    sink.stall('DATA-END');
    let waitingFor = 0;
    const sent = mailer(500).send(mail(3), { awaitingAnswer: (ms) => (waitingFor = ms) });
    expect(await until(() => waitingFor > 0)).toBe(true);
    expect(waitingFor).toBe(10 * 60_000);
    expect(sink.held).toBe(1);
    sink.release();
    await sent;
    expect(sink.mails.map((m) => m.to.join())).toEqual(['customer3@example.com']);
  });

  it('ends the session when the server has not answered within the answer timeout either', async () => {
    sink.stall('DATA-END');
    await expect(mailer(500, 300).send(mail(4))).rejects.toThrow(/gave no answer within 300 ms more; the session was ended/);
    expect(await until(() => sink.open === 0)).toBe(true);
  });

  it('sends the given Message-ID', async () => {
    await mailer(10_000).send({ ...mail(5), messageId: '<row-1@reply.test>' });
    expect(sink.mails[0]?.data).toMatch(/^Message-ID: <row-1@reply\.test>\r?$/im);
  });
});
