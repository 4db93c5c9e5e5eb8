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

interface SearchableName {
  readonly text: string;
  readonly words: readonly string[];
  /** One of the bank's other names, not its own. */
  readonly alias: boolean;
}

function searchable(name: string, alias: boolean): SearchableName {
  const text = normalizeSearchText(name);
  return { text, words: text.split(/[^\p{L}\p{N}]+/u).filter(Boolean), alias };
}

function namesOf(bank: Bank): readonly SearchableName[] {
  return [searchable(bank.nombre, false), ...bank.aliases.map((alias) => searchable(alias, true))];
}

const searchableNames = new Map<Bank, readonly SearchableName[]>(
  BANKS.map((bank) => [bank, namesOf(bank)]),
);

/**
 * How closely a name matches the query: 0 the whole name, 1 the start of the name, 2 the start
 * of a word for every word typed, 3 somewhere inside; undefined when a word typed is not in it.
 */
function matchTier(name: SearchableName, query: string, words: readonly string[]) {
  if (!words.every((word) => name.text.includes(word))) return undefined;
  if (name.text === query) return 0;
  if (name.text.startsWith(query)) return 1;
  if (words.every((word) => name.words.some((nameWord) => nameWord.startsWith(word)))) return 2;
  return 3;
}

interface Ranked {
  readonly bank: Bank;
  readonly tier: number;
  readonly alias: boolean;
  readonly length: number;
  readonly position: number;
}

/** Whether a ranks before b: closer match, then own name before another name, then shorter. */
function compareRanked(a: Ranked, b: Ranked): number {
  return (
    a.tier - b.tier ||
    Number(a.alias) - Number(b.alias) ||
    a.length - b.length ||
    a.position - b.position
  );
}

/**
 * Banks whose name, or one of its other names, contains every word typed, ignoring case and
 * accents ("cajamar", "ESPAÑA", "rural granada"), best match first: the whole name, then names
 * that start with the text, then names with a word starting with each word typed, then the rest;
 * a bank's own name before its other names, and a shorter name (more of it typed) first, so
 * "caixa" gives CaixaBank before Caixa Ontinyent. A blank query returns the whole list.
 */
export function searchBanks(query: string, banks: readonly Bank[] = BANKS): readonly Bank[] {
  const normalized = normalizeSearchText(query);
  const words = normalized.split(' ').filter(Boolean);
  if (words.length === 0) return banks;
  const ranked: Ranked[] = [];
  banks.forEach((bank, position) => {
    let best: Ranked | undefined;
    for (const name of searchableNames.get(bank) ?? namesOf(bank)) {
      const tier = matchTier(name, normalized, words);
      if (tier === undefined) continue;
      const candidate = { bank, tier, alias: name.alias, length: name.text.length, position };
      if (best === undefined || compareRanked(candidate, best) < 0) best = candidate;
    }
    if (best !== undefined) ranked.push(best);
  });
  return ranked.sort(compareRanked).map((match) => match.bank);
}
