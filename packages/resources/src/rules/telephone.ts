import { patternRule } from './rule';

/** Any phone number a person may dial: landlines with area code and extension (0891-6321234), hotlines,
 * mobiles, international numbers — digits, spaces, +, -, ( and ), 3 to 32 of them. */
export const telephoneRule = patternRule(/^[0-9+()\- ]{3,32}$/);
