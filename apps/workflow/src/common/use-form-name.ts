import { useId } from 'react';

/** A page-unique antd form name: field ids (and so label `for`s) never clash with another form's, even
 * when kept-alive tabs hold several forms with the same fields. */
export const useFormName = (prefix: string): string => `${prefix}${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
