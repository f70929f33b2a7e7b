import { expiresAtFrom } from '../../../common/auth-timing';
import { SESSION_KEY } from '../../../common/token-claims';

export { SESSION_KEY };

/** Who is signed in, as the whole app sees it. */
export interface AuthUser {
  uid: string;
  email: string;
}

/** The session as localStorage keeps it, shared by every tab. */
export interface StoredSession {
  uid: string;
  email: string;
  idToken: string;
  refreshToken: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** An identity service answer that signs an account in. */
export interface SessionAnswer {
  localId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

/** The stored session, or null when there is none or it is not one (written by an older version, edited by hand). */
export function readStored(): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof parsed.uid !== 'string' || typeof parsed.idToken !== 'string' || typeof parsed.refreshToken !== 'string') return null;
    if (typeof parsed.email !== 'string' || typeof parsed.expiresAt !== 'number') return null;
    return parsed as StoredSession;
  } catch {
    return null;
  }
}

export function userOf(value: StoredSession | null): AuthUser | null {
  return value ? { uid: value.uid, email: value.email } : null;
}

export function fromResponse(body: SessionAnswer): StoredSession {
  return {
    uid: body.localId,
    email: body.email,
    idToken: body.idToken,
    refreshToken: body.refreshToken,
    expiresAt: expiresAtFrom(body.expiresIn, Date.now()),
  };
}
