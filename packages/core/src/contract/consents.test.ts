import { describe, expect, it } from 'vitest';
import { FIRM } from '../firm';
import { CONTRACT_CONSENT_IDS, CONTRACT_CONSENTS, CONTRACT_TERMS_VERSION } from './consents';

describe('the consents of the payment', () => {
  it('are the two the spec names, in the order shown', () => {
    expect(Object.keys(CONTRACT_CONSENTS)).toEqual([...CONTRACT_CONSENT_IDS]);
    expect(CONTRACT_CONSENT_IDS).toEqual(['condiciones', 'autorizacion']);
    for (const id of CONTRACT_CONSENT_IDS) expect(CONTRACT_CONSENTS[id].id).toBe(id);
  });

  it('link the general terms from a part of the sentence itself', () => {
    const { text, link } = CONTRACT_CONSENTS.condiciones;
    expect(text).toBe(
      'He leído y acepto las condiciones generales del contrato de prestación de servicios.',
    );
    expect(link).toEqual({ label: 'condiciones generales', href: '/condiciones-generales' });
    expect(text).toContain(link?.label);
  });

  it('authorise the firm, by its legal name, to apply for the code on the client’s behalf', () => {
    expect(CONTRACT_CONSENTS.autorizacion.text).toBe(
      `Autorizo expresamente a ${FIRM.legalName} a tramitar en mi nombre, ante mi entidad financiera, la solicitud de las medidas del Código de Buenas Prácticas.`,
    );
    expect(CONTRACT_CONSENTS.autorizacion.link).toBeNull();
  });

  it('carry the version of the terms as the ISO day they last changed', () => {
    expect(CONTRACT_TERMS_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
