import { ibanGroups } from '@cbp/core';
import { ConfigError, type BankAccount } from './types';

/**
 * Example accounts for the embedded default only (their IBANs are the standard test numbers):
 * production refuses to start without BANK_TRANSFER_ACCOUNTS.
 */
export const EXAMPLE_TRANSFER_ACCOUNTS: readonly BankAccount[] = [
  {
    banco: 'CaixaBank (cuenta de ejemplo)',
    titular: 'Despacho de ejemplo, S.L.P.',
    iban: 'ES91 2100 0418 4502 0005 1332',
  },
  {
    banco: 'Segundo banco (cuenta de ejemplo)',
    titular: 'Despacho de ejemplo, S.L.P.',
    iban: 'ES79 2100 0813 6101 2345 6789',
  },
];

/** Whether an IBAN's check digits are right (ISO 13616, mod 97). */
export function validIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  const rearranged = `${compact.slice(4)}${compact.slice(0, 4)}`;
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

function groupedIban(iban: string): string {
  return ibanGroups(iban).join(' ');
}

/** BANK_TRANSFER_ACCOUNTS: `banco|titular|IBAN`, several separated by `;`. */
export function transferAccountsFrom(setting: string | undefined): BankAccount[] {
  if (setting === undefined) return EXAMPLE_TRANSFER_ACCOUNTS.map((account) => ({ ...account }));
  const accounts = setting
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const parts = entry.split('|').map((part) => part.trim());
      const [banco, titular, iban] = parts;
      if (
        parts.length !== 3 ||
        banco === undefined ||
        titular === undefined ||
        iban === undefined ||
        banco === '' ||
        titular === ''
      ) {
        throw new ConfigError(
          `Configuración no válida:\n  - BANK_TRANSFER_ACCOUNTS: "${entry}" debe tener la forma banco|titular|IBAN`,
        );
      }
      if (!validIban(iban)) {
        throw new ConfigError(
          `Configuración no válida:\n  - BANK_TRANSFER_ACCOUNTS: el IBAN de ${banco} no es válido`,
        );
      }
      return { banco, titular, iban: groupedIban(iban) };
    });
  if (accounts.length === 0 || accounts.length > 5) {
    throw new ConfigError(
      'Configuración no válida:\n  - BANK_TRANSFER_ACCOUNTS: indica entre una y cinco cuentas',
    );
  }
  return accounts;
}
