import { FIRM } from '../firm';

/**
 * The version of what a client accepts before paying: the general terms published at
 * /condiciones-generales and the two consent texts below. It is the day the general terms were
 * last changed; change it whenever the terms or these texts change, so that every signed contract
 * names exactly what was shown. See docs/decisions/0481-signature-evidence.md.
 */
export const CONTRACT_TERMS_VERSION = '2026-11-21';

export const TERMS_PATH = '/condiciones-generales';

export const CONTRACT_CONSENT_IDS = ['condiciones', 'autorizacion'] as const;
export type ContractConsentId = (typeof CONTRACT_CONSENT_IDS)[number];

/** A consent as the payment screen shows it next to its checkbox. */
export interface ContractConsent {
  id: ContractConsentId;
  /** The whole sentence, as shown and as recorded in the signed contract. */
  text: string;
  /** A part of `text` that the screen shows as a link. */
  link: { label: string; href: string } | null;
}

/** The two consents of the payment's second step (spec 02, 4.5 and 5), in the order shown. */
export const CONTRACT_CONSENTS: Readonly<Record<ContractConsentId, ContractConsent>> = {
  condiciones: {
    id: 'condiciones',
    text: 'He leído y acepto las condiciones generales del contrato de prestación de servicios.',
    link: { label: 'condiciones generales', href: TERMS_PATH },
  },
  autorizacion: {
    id: 'autorizacion',
    text: `Autorizo expresamente a ${FIRM.legalName} a tramitar en mi nombre, ante mi entidad financiera, la solicitud de las medidas del Código de Buenas Prácticas.`,
    link: null,
  },
};
