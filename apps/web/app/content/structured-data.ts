import { PLANS } from '@cbp/core';
import { telHref } from '@cbp/ui';
import type { MetaDescriptor } from 'react-router';

import type { Site } from '../config/site';

/** ISO 3166 code for the countries the firm may write in its address. */
function countryCode(country: string): string {
  return country.trim().toLowerCase() === 'españa' ? 'ES' : country;
}

/** '900 123 456' → '+34900123456': structured data wants the international form. */
export function internationalPhone(phone: string): string {
  const digits = telHref(phone).slice('tel:'.length);
  return digits.startsWith('+') ? digits : `+34${digits}`;
}

/** schema.org LegalService for the firm, from the site configuration and the plans. */
export function legalServiceJsonLd(site: Site, origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'LegalService',
    '@id': `${origin}/#despacho`,
    name: site.name,
    legalName: site.legalName,
    taxID: site.nif,
    url: `${origin}/`,
    telephone: internationalPhone(site.phone),
    email: site.email,
    inLanguage: 'es-ES',
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: site.address.city,
      addressRegion: site.address.province,
      addressCountry: countryCode(site.address.country),
    },
    areaServed: { '@type': 'Country', name: site.address.country },
    description:
      'Abogados que ayudan a las personas con hipoteca a acogerse al Código de Buenas Prácticas y rebajar su cuota.',
    makesOffer: PLANS.map((plan) => ({
      '@type': 'Offer',
      name: plan.nombre,
      description: plan.descripcion,
      price: plan.precio.toFixed(2),
      priceCurrency: 'EUR',
    })),
  };
}

export interface QuestionAndAnswer {
  question: string;
  /** The answer as plain text. */
  answer: string;
}

/** schema.org FAQPage with every question and its answer. */
export function faqPageJsonLd(
  items: readonly QuestionAndAnswer[],
  url: string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url,
    inLanguage: 'es-ES',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** A `meta` entry that React Router renders as `<script type="application/ld+json">`. */
export function jsonLdMeta(data: Record<string, unknown>): MetaDescriptor {
  return { 'script:ld+json': data };
}
