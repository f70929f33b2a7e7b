import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerAnswerSchema, customerConversationSchema, customerConversationsSchema } from '../../common/inbox-schemas';
import { storableText } from '../../common/text-rules';
import { requireCaller } from '../identity/index';
import { forbidden } from '../platform/lib/http-error';
import { errorResponse } from '../platform/lib/schemas';
import type { CustomerService } from './customer-service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse };
const idParams = z.object({ id: z.string().min(1).max(64).check(storableText()) });

/** Answers per customer address and minute (the Account page's answer box). */
export const CUSTOMER_ANSWER_LIMIT = { max: 10, timeWindowMs: 60_000 } as const;

/**
 * A signed-in customer's own conversations (/api/support/conversations): those of their
 * verified email only, and their answers into them.
 */
export function customerRoutes(service: CustomerService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(rateLimit, {
      global: false,
      skipOnError: true,
      ...(app.redis ? { redis: app.redis, nameSpace: 'nw-rl-conversations-' } : {}),
    });
    const verifiedCustomer = async (request: Parameters<typeof requireCaller>[0]) => {
      const { user } = await requireCaller(request);
      if (user.email_verified !== 1) throw forbidden('Verify your email address to see your conversations with us.');
      return { uid: user.id, email: user.email };
    };

    app.get(
      '/api/support/conversations',
      { schema: { response: { 200: customerConversationsSchema, ...errors } } },
      async (request, reply) => {
        const customer = await verifiedCustomer(request);
        reply.header('Cache-Control', 'no-store');
        return { conversations: await service.list(customer.email) };
      },
    );

    app.post(
      '/api/support/conversations/:id/answers',
      {
        config: { rateLimit: { max: CUSTOMER_ANSWER_LIMIT.max, timeWindow: CUSTOMER_ANSWER_LIMIT.timeWindowMs } },
        schema: { params: idParams, body: customerAnswerSchema, response: { 201: customerConversationSchema, ...errors } },
      },
      async (request, reply) => {
        const customer = await verifiedCustomer(request);
        return reply.status(201).send(await service.answer(customer, request.params.id, request.body.body));
      },
    );
  };
}
