export { BANKS, BANK_IDS, findBank, compareSpanish, type Bank } from './list';
export { searchBanks, normalizeSearchText } from './search';
