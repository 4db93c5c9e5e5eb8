/**
 * Reads a number typed the Spanish way. Accepted:
 * - comma decimal, with or without dot or space thousands: "1.234,56", "1234,56", "1 234,5";
 * - a dot that can only be a decimal point: "1234.56", "1.5", "0.125";
 * - dots that are thousands separators in correct groups of three: "1.234" (= 1234), "1.234.567";
 * - a leading sign ("-", "+" or "−") and a trailing € or % sign, so formatted amounts read back.
 * Anything else gives NaN: "", "-", "abc", "1,2,3", "1.23.4", "12abc", "1,234.56", "1e3".
 * See docs/decisions/0108-spanish-number-parsing.md.
 */
const SPACES = /[\s\u00a0\u202f\u2009]+/g;
const SIGN_AND_UNIT = /^([+-]?)(.*?)(?:[€%])?$/;

const DIGITS = /^\d+$/;
const DOT_GROUPS = /^[1-9]\d{0,2}(?:\.\d{3})+$/;
const SPACE_GROUPS = /^\d{1,3}(?: \d{3})+$/;
const COMMA_DECIMAL = /^(\d+|[1-9]\d{0,2}(?:\.\d{3})+|\d{1,3}(?: \d{3})+)?,(\d+)$/;
const DOT_DECIMAL = /^(\d+|\d{1,3}(?: \d{3})+)?\.(\d+)$/;

export function parseSpanishNumber(text: string): number {
  const compact = text
    .trim()
    .replace(SPACES, ' ')
    .replace(/\u2212/g, '-');
  const parts = SIGN_AND_UNIT.exec(compact);
  if (!parts) return Number.NaN;
  const [, sign = '', rest = ''] = parts;
  const body = rest.trim();

  let integer: string;
  let fraction = '';
  const comma = COMMA_DECIMAL.exec(body);
  const dot = comma ? null : DOT_DECIMAL.exec(body);
  if (comma) {
    integer = comma[1] ?? '';
    fraction = comma[2] ?? '';
  } else if (DIGITS.test(body) || DOT_GROUPS.test(body) || SPACE_GROUPS.test(body)) {
    integer = body;
  } else if (dot) {
    integer = dot[1] ?? '';
    fraction = dot[2] ?? '';
  } else {
    return Number.NaN;
  }

  const digits = `${integer.replace(/[. ]/g, '') || '0'}${fraction === '' ? '' : `.${fraction}`}`;
  const value = Number(`${sign}${digits}`);
  if (!Number.isFinite(value)) return Number.NaN;
  return value === 0 ? 0 : value;
}
