import { apiRequest } from '../../common/api-client';
import { IDEMPOTENCY_HEADER } from '../../common/support-limits';
import type { SupportMessageCreated, SupportMessageValues } from '../../common/support-message';

/** POST /api/support-messages; the key makes a repeat of the same send harmless. */
export function sendSupportMessage(values: SupportMessageValues, idempotencyKey: string): Promise<SupportMessageCreated> {
  return apiRequest<SupportMessageCreated>('/api/support-messages', {
    method: 'POST',
    body: values,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    timeoutMs: 15_000,
  });
}
