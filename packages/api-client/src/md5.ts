import md5 from 'crypto-js/md5';

/** Lowercase md5 hex of a plain password, as the token and update-password calls expect. */
export const md5Hex = (plain: string): string => md5(plain).toString();
