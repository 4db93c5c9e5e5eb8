/** The keys that move between the items of a composite widget, by its orientation. */
export interface MoveKeys {
  readonly next: string;
  readonly previous: string;
}

/**
 * Where a key moves focus among `count` items from `current`: `next` and `previous` one item,
 * wrapping at the ends; Home and End to the first and last. Null for any other key.
 */
export function indexAfterKey(
  key: string,
  current: number,
  count: number,
  keys: MoveKeys,
): number | null {
  const last = count - 1;
  if (count === 0) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  if (key === keys.next) return current === last ? 0 : current + 1;
  if (key === keys.previous) return current <= 0 ? last : current - 1;
  return null;
}
