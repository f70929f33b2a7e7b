import { adminRequest } from '../admin-request';
import type { NewsListItem } from './news-types';

export const listNews = () => adminRequest<{ items: NewsListItem[] }>('/news');
