/** A whole number as a request may send it: a JavaScript integer, or a string of digits with an optional
 * minus sign and nothing else — not "1e3", "5 ", "0x10", "" or [5], which `Number()` would take. Undefined
 * for anything else, and for numbers beyond the exactly representable range. */
export function wholeNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : undefined;
  if (typeof v !== 'string' || !/^-?\d{1,16}$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : undefined;
}
