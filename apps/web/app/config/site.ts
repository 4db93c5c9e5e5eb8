/**
 * The firm's identity, shown in the header, footer, legal pages and structured data.
 * Every value here is configuration: replace it with the firm's real data before publishing
 * (docs/decisions/0401-site-configuration.md). Nothing else in the app hard-codes these facts.
 */
export const SITE = {
  /** Short name used in titles ('Honorarios · Abogados CBP') and the header. */
  name: 'Abogados CBP',
  legalName: 'Abogados CBP, S.L.',
  nif: 'B00000000',
  address: {
    street: 'Calle Mayor, 1, 2.º',
    postalCode: '28013',
    city: 'Madrid',
    province: 'Madrid',
    country: 'España',
  },
  /** As people write it; the call link is derived from it. */
  phone: '900 123 456',
  email: 'contacto@abogadoscbp.es',
  dpoEmail: 'dpd@abogadoscbp.es',
  registry:
    'Inscrita en el Registro Mercantil de Madrid, tomo 00000, folio 000, hoja M-000000, inscripción 1.ª',
  /** Bar association membership of the lawyer responsible, shown in the legal notice. */
  professionalBody: 'Ilustre Colegio de la Abogacía de Madrid',
  /** Where the privacy policy's call to action sends people to exercise their rights. */
  privacyRequestUrl: 'https://www.aepd.es/derechos-y-deberes/conoce-tus-derechos',
} as const;

export type Site = typeof SITE;
