/**
 * An IBAN in the groups of four it is read and typed in ("ES91 2100 0418 …"), whatever spacing
 * or case it came with. Screens keep each group whole, so a line never ends inside one.
 */
export function ibanGroups(iban: string): string[] {
  return (
    iban
      .replace(/\s+/g, '')
      .toUpperCase()
      .match(/.{1,4}/g) ?? []
  );
}
