import { adminRequest } from '../admin-request';
import { newsItemPath, type NewsState } from './news-types';

export const getNewsState = (id: string) => adminRequest<NewsState>(`${newsItemPath(id)}/draft`);
