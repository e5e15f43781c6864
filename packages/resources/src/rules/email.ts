import { patternRule } from './rule';

/** An email address: something@domain.tld without spaces. */
export const emailRule = patternRule(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
