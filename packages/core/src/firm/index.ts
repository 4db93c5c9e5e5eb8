/**
 * The firm's identity: who the web's header, footer and legal pages name, and who signs the
 * contract and the receipts the server produces. Every value is configuration: replace it with the
 * firm's real data before publishing (docs/decisions/0401-site-configuration.md). Nothing else
 * spells these facts.
 */
export const FIRM = {
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
} as const;

export interface PostalAddress {
  street: string;
  postalCode: string;
  city: string;
  province: string;
}

/** What a document needs to name the firm as a party. */
export interface FirmIdentity {
  name: string;
  legalName: string;
  nif: string;
  address: PostalAddress;
  email: string;
}

/** An address on one line: 'Calle Mayor, 1, 2.º, 28013 Madrid' (the province only if it differs). */
export function formatPostalAddress(address: PostalAddress): string {
  const { street, postalCode, city, province } = address;
  return province === city
    ? `${street}, ${postalCode} ${city}`
    : `${street}, ${postalCode} ${city} (${province})`;
}
