import { apiRequest } from '../../common/api-client';
import { IDEMPOTENCY_HEADER } from '../../common/support-limits';
import type { SupportMessageCreated, SupportMessageValues } from '../../common/support-message';
import type { SpamGuardFields } from '../lib/outbox';

/** POST /api/support-messages; the key makes a repeat of the same send harmless. */
export function sendSupportMessage(
  values: SupportMessageValues,
  idempotencyKey: string,
  guard?: SpamGuardFields,
): Promise<SupportMessageCreated> {
  return apiRequest<SupportMessageCreated>('/api/support-messages', {
    method: 'POST',
    body: guard ? { ...values, ...guard } : values,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    timeoutMs: 15_000,
  });
}
