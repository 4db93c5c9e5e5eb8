import { FIRM } from '@cbp/core';

/**
 * The firm's identity, shown in the header, footer, legal pages and structured data. The identity
 * itself lives in core's `FIRM`, so the contract and receipts the server writes name the firm
 * exactly as these pages do; replace it there with the firm's real data before publishing
 * (docs/decisions/0401-site-configuration.md). Nothing else in the app hard-codes these facts.
 */
export const SITE = {
  ...FIRM,
  /** Where the privacy policy's call to action sends people to exercise their rights. */
  privacyRequestUrl: 'https://www.aepd.es/derechos-y-deberes/conoce-tus-derechos',
} as const;

export type Site = typeof SITE;
