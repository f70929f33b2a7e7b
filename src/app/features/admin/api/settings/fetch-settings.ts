import type { SiteSettings } from '../../../../../common/admin-schemas';
import { adminRequest } from '../admin-request';

export const fetchSettings = () => adminRequest<SiteSettings>('/settings');
