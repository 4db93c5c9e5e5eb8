import { RULES } from '@cbp/core';

import { SITE } from '../../config/site';
import { wholeEuros } from '../../content/format';

export const EXPENSES_REFUND_TEXT = wholeEuros(RULES.publicClaims.estimatedExpensesRefund);

export interface AlternativeContact {
  nombre: string;
  apellidos?: string | undefined;
  telefono?: string | undefined;
}

/** A mailto: address with the subject and a first line already written. */
function mailto(subject: string, body: string): string {
  const query = new URLSearchParams({ subject, body }).toString().replace(/\+/g, '%20');
  return `mailto:${SITE.email}?${query}`;
}

function signature(contact: AlternativeContact): string {
  const name = [contact.nombre, contact.apellidos].filter(Boolean).join(' ');
  const phone =
    contact.telefono === undefined || contact.telefono === ''
      ? ''
      : ` Podéis llamarme al ${contact.telefono}.`;
  return `Me llamo ${name}.${phone}`;
}

/**
 * The two services offered to people who do not qualify (spec 01, section 2), as e-mails to the
 * firm with the subject and the person's details filled in: the site has no pages for them yet
 * (docs/decisions/0444-alternative-services.md).
 */
export function alternativeServices(contact: AlternativeContact) {
  return {
    expensesRefund: {
      href: mailto(
        'Quiero reclamar los gastos de mi hipoteca',
        `Hola: he hecho el simulador del Código de Buenas Prácticas y quiero saber si puedo reclamar los gastos de mi hipoteca. ${signature(contact)}`,
      ),
    },
    aiNegotiation: {
      href: mailto(
        'Quiero información sobre la negociación de mi hipoteca con IA',
        `Hola: he hecho el simulador del Código de Buenas Prácticas y quiero saber cómo podéis negociar mi hipoteca con el banco. ${signature(contact)}`,
      ),
    },
  } as const;
}
