// CSV exports, server and browser alike. No zod here: the browser's admin chunks import it.

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is written
 * with a leading apostrophe, as OWASP advises against CSV injection; numbers stay numbers.
 */
export const neutralizeFormula = (value: unknown) =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
