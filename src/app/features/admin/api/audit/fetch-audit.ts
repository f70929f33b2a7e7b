import type { AuditEntry } from '../../../../../common/admin-schemas';
import { adminRequest } from '../admin-request';

export interface AuditFilter {
  actorId: string;
  action: string;
  itemType: string;
  itemId: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  next: string | null;
}

/** One page of the audit log, newest first; `cursor` is the previous page's `next`. */
export function fetchAudit(filter: AuditFilter, cursor: string | null, limit = 50): Promise<AuditPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  for (const [key, value] of Object.entries(filter)) if (value.trim()) query.set(key, value.trim());
  if (cursor) query.set('cursor', cursor);
  return adminRequest<AuditPage>(`/audit?${query.toString()}`);
}
