import { telHref } from '@cbp/ui';

import { SITE } from '../../config/site';
import { link, type InlineLink } from '../rich-text';

/** Day of the last change of the legal texts; change it with the texts. */
export const LEGAL_TEXTS_UPDATED = '2026-11-21';

/** The firm's address on one line: 'Calle Mayor, 1, 2.º, 28013 Madrid (Madrid)'. */
export function postalAddress(
  address: { street: string; postalCode: string; city: string; province: string } = SITE.address,
): string {
  const { street, postalCode, city, province } = address;
  return province === city
    ? `${street}, ${postalCode} ${city}`
    : `${street}, ${postalCode} ${city} (${province})`;
}

export const emailLink = (address: string): InlineLink => link(address, `mailto:${address}`);

export const phoneLink = (): InlineLink => link(SITE.phone, telHref(SITE.phone));
