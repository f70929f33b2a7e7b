import type { SiteSettings } from '../../../../common/admin-schemas';
import { adminRequest } from './admin-api';

export const fetchSettings = () => adminRequest<SiteSettings>('/settings');
export const updateSettings = (patch: Partial<SiteSettings>) => adminRequest<SiteSettings>('/settings', { method: 'PATCH', body: patch });
