/**
 * es-ES number formatting. Intl puts a no-break space (U+00A0) between the number and the
 * € or % sign; it is kept so that an amount never wraps away from its sign
 * (docs/decisions/0106-no-break-space.md). Thousands are always grouped: es-ES leaves
 * four-digit numbers ungrouped by default ("1234,56 €"), which the product does not want.
 */

/** What a formatter shows for a value that is not a finite number. */
export const NO_VALUE_TEXT = '—';

export const NBSP = '\u00a0';

const decimalFormats = new Map<number, Intl.NumberFormat>();

function decimalFormat(fractionDigits: number): Intl.NumberFormat {
  let format = decimalFormats.get(fractionDigits);
  if (format === undefined) {
    format = new Intl.NumberFormat('es-ES', {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      useGrouping: 'always',
      signDisplay: 'negative',
    });
    decimalFormats.set(fractionDigits, format);
  }
  return format;
}

/** A number's shortest decimal writing when it has no exponent: "-1234.5". */
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * es-ES digits, grouped always, with `fractionDigits` decimals. A number that needs no rounding
 * (a whole amount, "4,5", "36,12") is written here, the way Intl writes it, so a page whose texts
 * quote the rule table's figures does not load the locale's data as it starts (decision 0877).
 * Anything else goes to Intl, which rounds as the product expects.
 */
function spanishDigits(value: number, fractionDigits: number): string {
  const match = PLAIN_DECIMAL.exec(String(value));
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (match === null || fraction.length > fractionDigits || whole.length > 15) {
    return decimalFormat(fractionDigits).format(value);
  }
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '.');
  const decimals = fractionDigits > 0 ? `,${fraction.padEnd(fractionDigits, '0')}` : '';
  return `${sign}${grouped}${decimals}`;
}

/** 1234.56 → "1.234,56 €" (with U+00A0 before €). */
export function formatEuros(amount: number): string {
  return Number.isFinite(amount) ? `${spanishDigits(amount, 2)}${NBSP}€` : NO_VALUE_TEXT;
}

/**
 * Euros for prose, without cents when there are none: 300000 → "300.000 €", 579.02 →
 * "579,02 €" (with U+00A0 before €).
 */
export function formatWholeEuros(amount: number): string {
  return Number.isFinite(amount)
    ? `${spanishDigits(amount, Number.isInteger(amount) ? 0 : 2)}${NBSP}€`
    : NO_VALUE_TEXT;
}

/** A percentage value, not a fraction: 36.1234 → "36,12 %" (with U+00A0 before %). */
export function formatPercent(percent: number, fractionDigits = 2): string {
  return Number.isFinite(percent)
    ? `${spanishDigits(percent, fractionDigits)}${NBSP}%`
    : NO_VALUE_TEXT;
}

/** 1234.5 → "1.234,50"; formatNumber(7, 0) → "7". */
export function formatNumber(value: number, fractionDigits = 2): string {
  return Number.isFinite(value) ? spanishDigits(value, fractionDigits) : NO_VALUE_TEXT;
}

const KILOBYTE = 1024;
const MEGABYTE = 1024 * 1024;

/**
 * A file's size the Spanish way, counted as the upload limit is (1 MB = 1.048.576 bytes):
 * '812 bytes', '48 KB', '4,6 MB'. A small file never reads as '0,0 MB'.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < KILOBYTE) return `${formatNumber(bytes, 0)}${NBSP}bytes`;
  if (bytes < MEGABYTE) return `${formatNumber(Math.round(bytes / KILOBYTE), 0)}${NBSP}KB`;
  return `${formatNumber(bytes / MEGABYTE, 1)}${NBSP}MB`;
}
