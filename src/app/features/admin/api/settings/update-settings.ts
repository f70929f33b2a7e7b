import type { SiteSettings } from '../../../../../common/admin-schemas';
import { adminRequest } from '../admin-request';

export const updateSettings = (patch: Partial<SiteSettings>) => adminRequest<SiteSettings>('/settings', { method: 'PATCH', body: patch });
