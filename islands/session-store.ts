import { forgetPages } from './page-cache.ts';

/**
 * What the browser keeps of a recruiter's login (spec, sections 3 and 9), in localStorage under these keys.
 * The platform's own session token is not among them: it lives in the httpOnly cookie, out of scripts' reach.
 * - accessToken: the recruitment site's access token, sent as X-Recruitment-Token
 * - refreshToken: good for one refresh (it rotates)
 * - expiresAt: when the access token expires, epoch milliseconds
 * - createdAt: when the pair was received, epoch milliseconds
 * - companyId: the recruiter's company (MyId query after login)
 */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  expiresAt: 'expiresAt',
  createdAt: 'createdAt',
  companyId: 'companyId',
} as const;

export interface TokenResponse {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  refreshToken: string;
}

interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  createdAt: number;
}

// Storage can be missing or refuse access (privacy settings): the login then lasts as long as the page.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function storeTokens(tokens: TokenResponse, now = Date.now()): void {
  const store = storage();
  if (!store) return;
  store.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  store.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  store.setItem(STORAGE_KEYS.expiresAt, String(now + tokens.expiresIn * 1000));
  store.setItem(STORAGE_KEYS.createdAt, String(now));
}

/** The stored pair, or null when there is none (a teacher, a visitor) or it is incomplete. */
export function readTokens(): StoredTokens | null {
  const store = storage();
  const accessToken = store?.getItem(STORAGE_KEYS.accessToken);
  const refreshToken = store?.getItem(STORAGE_KEYS.refreshToken);
  const expiresAt = Number(store?.getItem(STORAGE_KEYS.expiresAt));
  const createdAt = Number(store?.getItem(STORAGE_KEYS.createdAt));
  if (!accessToken || !refreshToken || !Number.isFinite(expiresAt) || expiresAt <= 0) return null;
  return { accessToken, refreshToken, expiresAt, createdAt: Number.isFinite(createdAt) ? createdAt : 0 };
}

export function readAccessToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.accessToken) || null;
}

export function storeCompanyId(id: string): void {
  storage()?.setItem(STORAGE_KEYS.companyId, id);
}

export function readCompanyId(): string | null {
  return storage()?.getItem(STORAGE_KEYS.companyId) || null;
}

/** Logout: every stored value goes (spec, section 4). */
export function clearSession(): void {
  const store = storage();
  for (const key of Object.values(STORAGE_KEYS)) store?.removeItem(key);
}

/**
 * The end of a session in this browser (the logout button, a forced logout, a deleted account): the stored
 * values go, and so do the pages the service worker kept. Resolves once both are gone, before the caller
 * leaves the page.
 */
export async function endBrowserSession(): Promise<void> {
  clearSession();
  await forgetPages();
}
