export { website, type Website } from './config';
export * from './types';
export {
  setStore,
  getStore,
  getStoreItem,
  removeStore,
  getAllStore,
  clearStore,
  storageKey,
} from './storage';
export type { StoredItem, SetStoreOptions } from './storage';
export { md5Hex } from './md5';
export { http, refreshLock, applyAuthHeaders, TOKEN_URL } from './http/client';
export { configureHttp, type HttpHooks } from './http/hooks';
export { classifyResponse, statusOf, messageOf, ApiError, UNKNOWN_ERROR } from './http/response-rules';
export type { ResponseOutcome } from './http/response-rules';
export { createRefreshLock, shouldRefresh, type RefreshLock } from './http/refresh-lock';
export {
  getToken,
  getRefreshToken,
  getTokenIssuedAt,
  getTenantId,
  getUserInfo,
  saveTokenResponse,
  clearTokens,
  onTokenChange,
} from './session/token-store';
export { startTokenCheck, checkTokenOnce } from './session/token-check';
export * from './calls/auth';
export * from './calls/menu';
export * from './calls/dict';
export * from './calls/user';
export * from './calls/system';
export * from './calls/resource';
export * from './calls/flow';
