/** The address of one account, below /api/admin. */
export const userPath = (uid: string) => `/users/${encodeURIComponent(uid)}`;
