import { PLANS, RULES } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import { SITE } from '../config/site';
import { STORAGE_INVENTORY, ruleLifetime } from '../lib/consent/inventory';
import { acceptedFormatsText, DOCUMENT_GROUPS, documentRulesText } from './documents';
import { FAQ_ITEMS, faqAnswerText, faqQuestionsAndAnswers } from './faq';
import { faqPageJsonLd, internationalPhone, legalServiceJsonLd } from './structured-data';

/** Text as a person reads it: no-break spaces are spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
const answer = (id: string) => {
  const item = FAQ_ITEMS.find((candidate) => candidate.id === id);
  if (item === undefined) throw new Error(`No hay pregunta ${id}`);
  return plain(faqAnswerText(item));
};

describe('the FAQ', () => {
  it('has 14 questions with unique anchors, each a question in Spanish', () => {
    expect(FAQ_ITEMS).toHaveLength(14);
    expect(new Set(FAQ_ITEMS.map((item) => item.id)).size).toBe(14);
    for (const item of FAQ_ITEMS) expect(item.question).toMatch(/^¿.+\?/);
  });

  it('quotes the 2022 code figures from the rule table', () => {
    const text = answer('requisitos-2022');
    expect(text).toContain('31 de diciembre de 2022');
    expect(text).toContain('300.000 €');
    // 4,5 / 5,5 / 6,5 × 8.400 € = 37.800 / 46.200 / 54.600 €
    expect(text).toContain('4,5 veces el IPREM anual en 14 pagas (37.800 €)');
    expect(text).toContain('5,5 veces (46.200 €)');
    expect(text).toContain('6,5 veces (54.600 €)');
    expect(text).toContain('supera el 30 % de los ingresos netos');
  });

  it('gives the 2012 code reading with its example: 3 × 8.400 € / 12 = 2.100 € a month', () => {
    const text = answer('requisitos-2012');
    expect(text).toContain('3 veces el IPREM anual en 14 pagas');
    expect(text).toContain('por debajo de 2.100 € al mes');
    expect(text).toContain('superior al 50 %');
    expect(text).toContain('el 40 %');
    expect(text).toContain('al menos 1,5');
  });

  it('states the IPREM of the latest year in the table', () => {
    expect(answer('iprem')).toContain(
      'En 2026 es de 600 € al mes: 7.200 € al año en 12 pagas y 8.400 € al año en 14 pagas.',
    );
  });

  it('lists the 2012 solutions with Euríbor − 0,10 and the 2022 ones with 7 years and 12 months', () => {
    expect(answer('soluciones-2012')).toContain(
      '5 años: durante ese tiempo pagas solo intereses, a un tipo de Euríbor − 0,10 puntos',
    );
    expect(answer('soluciones-2012')).toContain('10 años');
    expect(answer('soluciones-2012')).toContain('carencia es de 2 años');
    expect(answer('soluciones-2022')).toContain(
      '12 meses en el importe que tenía el 1 de junio de 2022',
    );
    expect(answer('soluciones-2022')).toContain('hasta 7 años');
  });

  it('never promises a closing date for applications', () => {
    expect(answer('plazo')).toBe(RULES.applicationDeadline.publicWording);
    const all = FAQ_ITEMS.map(faqAnswerText).join(' ');
    expect(all).not.toContain('31 de diciembre de 2024');
  });

  it('states the bank obligations and the number of banks', () => {
    expect(answer('obligaciones-entidad')).toContain('en el plazo de 1 mes');
    expect(answer('bancos-adheridos')).toContain('más de 80 entidades');
    expect(answer('bancos-adheridos')).toContain('el 95 % de la cartera');
  });
});

describe('the documentation page', () => {
  it('has four groups, the first three with the upload screen documents', () => {
    expect(DOCUMENT_GROUPS).toHaveLength(4);
    expect(DOCUMENT_GROUPS.slice(0, 3).map((group) => group.title)).toEqual([
      'Documentación Personal',
      'Documentación de Ingresos',
      'Documentación Hipoteca',
    ]);
    for (const group of DOCUMENT_GROUPS) {
      for (const document of group.documents) expect(document.detail.length).toBeGreaterThan(10);
    }
  });

  it('reads formats and the size limit from the rule table', () => {
    expect(acceptedFormatsText()).toBe('PDF, JPG o PNG');
    expect(documentRulesText()).toBe(
      `Todos los documentos deben ser válidos, legibles y completos; en PDF, JPG o PNG; máximo ${String(RULES.documents.maxFileMegabytes)} MB por archivo.`,
    );
  });
});

describe('structured data', () => {
  it('describes the firm as a LegalService from the site configuration, with both plans', () => {
    const data = legalServiceJsonLd(SITE, 'https://example.es');
    expect(data).toMatchObject({
      '@type': 'LegalService',
      name: SITE.name,
      legalName: SITE.legalName,
      taxID: SITE.nif,
      url: 'https://example.es/',
      email: SITE.email,
      address: { postalCode: SITE.address.postalCode, addressCountry: 'ES' },
    });
    const offers = data.makesOffer as { name: string; price: string; priceCurrency: string }[];
    expect(offers.map((offer) => [offer.name, offer.price, offer.priceCurrency])).toEqual(
      PLANS.map((plan) => [plan.nombre, plan.precio.toFixed(2), 'EUR']),
    );
  });

  it('writes Spanish phone numbers in international form', () => {
    expect(internationalPhone('900 123 456')).toBe('+34900123456');
    expect(internationalPhone('+34 612 34 56 78')).toBe('+34612345678');
  });

  it('gives every FAQ question with its answer as plain text', () => {
    const data = faqPageJsonLd(faqQuestionsAndAnswers(), 'https://example.es/honorarios');
    const entities = data.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(entities).toHaveLength(14);
    expect(entities[0]?.name).toBe(FAQ_ITEMS[0]?.question);
    expect(
      entities.find((entity) => entity.name.startsWith('¿Qué documentación'))?.acceptedAnswer.text,
    ).toContain('Tienes la lista completa en Documentación.');
  });
});

describe('the cookies inventory', () => {
  it('takes its lifetimes from the rule table and lists the third party as such', () => {
    expect(ruleLifetime('1 mes').seconds).toBe(30 * 86_400);
    expect(ruleLifetime('2 años').thirdParty).toBe(true);
    const thirdParties = STORAGE_INVENTORY.filter((item) => item.thirdParty);
    expect(thirdParties.map((item) => item.category)).toEqual(['videos']);
    expect(thirdParties[0]?.lifetime).toContain('2 años');
  });

  it('lists every localStorage key of the session the spec names', () => {
    const names = STORAGE_INVENTORY.flatMap((item) => item.names);
    for (const key of [
      'accessToken',
      'refreshToken',
      'userEmail',
      'leadId',
      'auth_token',
      'cookieConsent',
    ]) {
      expect(names).toContain(key);
    }
  });
});
