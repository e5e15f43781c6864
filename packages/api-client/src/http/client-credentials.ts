import { website } from '../config';

/** `Basic base64(clientId:clientSecret)` (saber:saber_secret). */
export const basicClientHeader = (): string => `Basic ${btoa(`${website.clientId}:${website.clientSecret}`)}`;
