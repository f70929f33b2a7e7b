import { apiRequest } from '../../../../common/api-client';
import type { CustomerConversation, CustomerConversations } from '../../../../common/inbox-schemas';
import { getIdToken } from '../../../lib/session/session-store';

/** The signed-in customer's conversations with support (their verified email's). */
export async function fetchSupportConversations(): Promise<CustomerConversations> {
  return apiRequest<CustomerConversations>('/api/support/conversations', { idToken: await getIdToken() });
}

/** The customer's answer into one of their conversations (staff are told as for a mailed answer). */
export async function answerSupportConversation(id: string, body: string): Promise<CustomerConversation> {
  return apiRequest<CustomerConversation>(`/api/support/conversations/${encodeURIComponent(id)}/answers`, {
    method: 'POST',
    body: { body },
    idToken: await getIdToken(),
  });
}
