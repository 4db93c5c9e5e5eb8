/**
 * A value built the first time it is asked for. Creating an `Intl` formatter loads its locale's
 * and time zone's data: tens of milliseconds on a phone, which every page would pay as its code
 * starts if the formatters were built when their module loads, even a page that formats nothing.
 */
export function onFirstUse<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}
