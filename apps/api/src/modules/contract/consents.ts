import { CONTRACT_CONSENT_IDS, CONTRACT_CONSENTS, type ContractConsentId } from '@cbp/core';

/** A consent as the signed contract records it: the exact text shown and whether it was ticked. */
export interface ConsentRecord {
  id: ContractConsentId;
  text: string;
  accepted: boolean;
}

export const CONSENT_TITLES: Readonly<Record<ContractConsentId, string>> = {
  condiciones: 'Condiciones generales',
  autorizacion: 'Autorización expresa',
};

export const CONSENTS_MISSING_MESSAGE =
  'Para firmar hay que aceptar las condiciones generales y la autorización expresa.';

/**
 * The consents of the terms in force (core's CONTRACT_CONSENTS, the texts the payment screen
 * shows), each with whether the client ticked it, in the order shown.
 */
export function consentRecords(
  accepted: Readonly<Record<ContractConsentId, boolean>>,
): ConsentRecord[] {
  return CONTRACT_CONSENT_IDS.map((id) => ({
    id,
    text: CONTRACT_CONSENTS[id].text,
    accepted: accepted[id],
  }));
}

/** Whether every consent the contract needs is there, once, with its text, and accepted. */
export function allConsentsAccepted(consents: readonly ConsentRecord[]): boolean {
  return CONTRACT_CONSENT_IDS.every((id) => {
    const matching = consents.filter((consent) => consent.id === id);
    return (
      matching.length === 1 && matching[0]?.accepted === true && matching[0].text.trim() !== ''
    );
  });
}
