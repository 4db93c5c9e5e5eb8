import { BANKS, type Bank } from './list';

/** Lower-case, accent-free, single-spaced form used to compare what a person types with names. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .replace(/[’‘`´]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const searchableNames = new Map<Bank, readonly string[]>(
  BANKS.map((bank) => [bank, [bank.nombre, ...bank.aliases].map(normalizeSearchText)]),
);

/**
 * Banks whose name, or one of its other names, contains every word typed, ignoring case and
 * accents ("cajamar", "ESPAÑA", "rural granada"). A blank query returns the whole list.
 */
export function searchBanks(query: string, banks: readonly Bank[] = BANKS): readonly Bank[] {
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  if (words.length === 0) return banks;
  return banks.filter((bank) => {
    const names =
      searchableNames.get(bank) ?? [bank.nombre, ...bank.aliases].map(normalizeSearchText);
    return names.some((name) => words.every((word) => name.includes(word)));
  });
}
