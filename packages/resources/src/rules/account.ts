import type { Label } from '../define';
import { patternRule } from './rule';

export const ACCOUNT_LABEL: Label = { zh: '登录账号', en: 'Account' };

/** A login account: letters, digits and _ . @ - (BladeX accounts are often phone numbers or emails). */
export const accountRule = patternRule(/^[A-Za-z0-9_.@-]+$/, (label) => ({
  zh: `${label.zh}只能包含字母、数字和 _ . @ -`,
  en: `${label.en} may hold only letters, digits and _ . @ -`,
}));
