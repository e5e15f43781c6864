import { getStore, removeStore, setStore } from '../storage';
import type { TokenResponse } from '../types';

/** Token storage shared by the interceptors, the refresh lock and the shell. */
const TOKEN = 'token';
const REFRESH_TOKEN = 'refreshToken';
const TOKEN_ISSUED_AT = 'tokenIssuedAt';
const TENANT_ID = 'tenantId';
const USER_INFO = 'userInfo';

type Listener = () => void;
const listeners = new Set<Listener>();

export const getToken = (): string => getStore<string>(TOKEN) ?? '';
export const getRefreshToken = (): string => getStore<string>(REFRESH_TOKEN) ?? '';
export const getTokenIssuedAt = (): number | undefined => getStore<number>(TOKEN_ISSUED_AT);
export const getTenantId = (): string | undefined => getStore<string>(TENANT_ID);
export const getUserInfo = (): TokenResponse | undefined => getStore<TokenResponse>(USER_INFO);

/** Stores a token response (login or refresh) and stamps its issue time. */
export function saveTokenResponse(res: TokenResponse, now = Date.now()): void {
  setStore({ name: TOKEN, content: res.access_token });
  setStore({ name: REFRESH_TOKEN, content: res.refresh_token });
  setStore({ name: TOKEN_ISSUED_AT, content: now });
  setStore({ name: TENANT_ID, content: res.tenant_id });
  setStore({ name: USER_INFO, content: res });
  listeners.forEach((listener) => listener());
}

export function clearTokens(): void {
  [TOKEN, REFRESH_TOKEN, TOKEN_ISSUED_AT, USER_INFO].forEach(removeStore);
  listeners.forEach((listener) => listener());
}

/** Called whenever tokens are saved or cleared. Returns the unsubscribe function. */
export function onTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
