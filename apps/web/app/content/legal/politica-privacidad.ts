import { RULES } from '@cbp/core';

import { SITE } from '../../config/site';
import { CONSENT_MAX_AGE_MONTHS } from '../../lib/consent/record';
import { count } from '../format';
import { dl, link, p, subheading, ul } from '../rich-text';
import { emailLink, LEGAL_TEXTS_UPDATED, phoneLink, postalAddress } from './common';
import type { LegalText } from './LegalDocument';

export const PRIVACY_HERO = {
  title: 'Política de privacidad',
  description:
    'Qué datos tratamos, para qué, durante cuánto tiempo y cómo puedes ejercer tus derechos.',
} as const;

const minimumAge = RULES.consent.minimumAge;

/** Subject line of the e-mail the call to action opens. */
export const RIGHTS_REQUEST_SUBJECT = 'Ejercicio de derechos de protección de datos';

export function rightsRequestMailto(): string {
  return `mailto:${SITE.dpoEmail}?subject=${encodeURIComponent(RIGHTS_REQUEST_SUBJECT)}`;
}

/**
 * Privacy policy: the information of arts. 13 and 14 of the GDPR (Regulation (EU) 2016/679)
 * and of the Spanish LOPDGDD (Ley Orgánica 3/2018), for the simulator, the client area and the
 * service contract.
 */
export const PRIVACY: LegalText = {
  updated: LEGAL_TEXTS_UPDATED,
  intro: [
    p(
      'Tus datos son tuyos. Aquí te explicamos, sin letra pequeña, qué hacemos con ellos cuando usas el simulador, tu área de clientes o contratas nuestros servicios, conforme al Reglamento (UE) 2016/679, General de Protección de Datos (RGPD), y a la Ley Orgánica 3/2018, de Protección de Datos Personales y garantía de los derechos digitales (LOPDGDD).',
    ),
  ],
  sections: [
    {
      id: 'responsable',
      title: 'Responsable del tratamiento',
      blocks: [
        dl(
          { term: 'Responsable', line: `${SITE.legalName} (${SITE.name})` },
          { term: 'NIF', line: SITE.nif },
          { term: 'Domicilio', line: postalAddress() },
          { term: 'Teléfono', line: [phoneLink()] },
          { term: 'Correo electrónico', line: [emailLink(SITE.email)] },
          { term: 'Delegado de protección de datos', line: [emailLink(SITE.dpoEmail)] },
        ),
      ],
    },
    {
      id: 'datos',
      title: 'Qué datos tratamos',
      blocks: [
        ul(
          'Datos de contacto: nombre, apellidos, correo electrónico y teléfono.',
          'Tus respuestas al simulador: si el precio de la vivienda supera el límite, si es tu vivienda habitual, si firmaste la hipoteca antes de la fecha límite, la cuota mensual y los ingresos mensuales de la familia.',
          'Si contratas: los datos de tu hipoteca, de tu economía y de las personas de tu unidad familiar, y los documentos que aportes o que obtengas con tu autorización (identidad, nóminas, vida laboral, declaraciones de la renta, escrituras, recibos, nota simple).',
          'Datos especialmente protegidos, solo si nos los das para acreditar una situación que amplía tus derechos: discapacidad, dependencia, enfermedad o condición de víctima de violencia de género.',
          'Datos técnicos de tu conexión (dirección IP parcialmente oculta, fecha y hora) que registramos por seguridad.',
        ),
        p(
          'Nunca vemos los datos de tu tarjeta: el pago lo gestiona la plataforma de pago. Si nos das datos de otras personas de tu familia, debes haberles informado antes.',
        ),
      ],
    },
    {
      id: 'finalidades',
      title: 'Para qué los usamos',
      blocks: [
        ul(
          'Decirte si pareces cumplir los requisitos del Código de Buenas Prácticas y llamarte o escribirte para explicarte el resultado y tus opciones.',
          'Prestar el servicio que contratas: estudiar tu caso, preparar la solicitud, presentarla a tu banco, negociar y tenerte informado en tu área de clientes.',
          'Gestionar tu cuenta de cliente, los pagos y las facturas.',
          'Cumplir nuestras obligaciones legales, fiscales y profesionales, y defendernos de posibles reclamaciones.',
          'Mantener la seguridad del sitio y evitar fraudes y abusos.',
          'Enviarte información sobre otros servicios del despacho, solo si nos das tu consentimiento; puedes retirarlo en cualquier momento.',
        ),
        p(
          'El simulador calcula de forma automática si pareces cumplir los requisitos a partir de tus respuestas. Ese resultado es orientativo, no produce efectos jurídicos sobre ti y no te impide contratar: un abogado revisa siempre tu caso. No elaboramos perfiles comerciales.',
        ),
      ],
    },
    {
      id: 'base-juridica',
      title: 'Base jurídica',
      blocks: [
        ul(
          'Simulador, contacto y respuesta a tu consulta: la aplicación de medidas precontractuales a petición tuya (artículo 6.1.b del RGPD).',
          'Prestación del servicio, cuenta de cliente y pagos: la ejecución del contrato (artículo 6.1.b del RGPD).',
          'Obligaciones fiscales, contables y profesionales: el cumplimiento de obligaciones legales (artículo 6.1.c del RGPD).',
          'Seguridad del sitio y defensa ante reclamaciones: nuestro interés legítimo (artículo 6.1.f del RGPD), que no prevalece sobre tus derechos.',
          'Comunicaciones comerciales, vídeos de YouTube y cookies que no son técnicas: tu consentimiento (artículo 6.1.a del RGPD).',
          'Datos especialmente protegidos: tu consentimiento explícito (artículo 9.2.a del RGPD) y, en su caso, la formulación y defensa de reclamaciones (artículo 9.2.f).',
        ),
        p(
          'Los datos que te pedimos en el simulador y al contratar son necesarios: sin ellos no podemos valorar tu caso ni presentar la solicitud.',
        ),
      ],
    },
    {
      id: 'conservacion',
      title: 'Cuánto tiempo los conservamos',
      blocks: [
        ul(
          'Si no llegas a contratar: mientras sean necesarios para atender la consulta que iniciaste en el simulador. Después los suprimimos, salvo que nos pidas que los guardemos.',
          'Si eres cliente: mientras dure el contrato y, después, bloqueados durante los plazos en que pueden exigirse responsabilidades: 5 años para las acciones personales (artículo 1964 del Código Civil), 6 años para la documentación contable (artículo 30 del Código de Comercio) y 4 años a efectos fiscales (Ley General Tributaria).',
          'Si retiras tu consentimiento para comunicaciones comerciales, dejamos de usarlos para ese fin de inmediato.',
          `Tu elección sobre las cookies se guarda ${count(CONSENT_MAX_AGE_MONTHS, 'mes', 'meses')}; después te volvemos a preguntar.`,
        ),
        p(
          'Bloquear los datos significa que solo pueden usarse para ponerlos a disposición de jueces, tribunales y administraciones públicas (artículo 32 de la LOPDGDD). Pasado ese tiempo, se destruyen.',
        ),
      ],
    },
    {
      id: 'destinatarios',
      title: 'A quién los comunicamos',
      blocks: [
        ul(
          'A la entidad financiera que tiene tu hipoteca, con los datos y documentos necesarios para presentar y negociar tu solicitud, cuando nos encargas el servicio.',
          'A las administraciones públicas, juzgados y tribunales, cuando una ley nos obliga.',
        ),
        p(
          'También acceden a ellos, solo para prestarnos un servicio y con un contrato que les obliga a protegerlos (artículo 28 del RGPD), nuestros proveedores de:',
        ),
        ul(
          'Alojamiento del sitio, base de datos y correo electrónico.',
          'Pago con tarjeta (Stripe Payments Europe, Ltd., con sede en Irlanda).',
          'Obtención de tus documentos oficiales con tu clave PIN, cuando tú lo autorizas (Bankflip).',
        ),
        p(
          'Si reproduces un vídeo, YouTube (Google Ireland Limited) recibe los datos técnicos de tu navegador como responsable independiente, según su propia política de privacidad.',
        ),
        subheading('Transferencias internacionales'),
        p(
          'Algunos proveedores pueden tratar datos fuera del Espacio Económico Europeo, por ejemplo en Estados Unidos. Solo lo hacen con las garantías del RGPD: una decisión de adecuación de la Comisión Europea, como el Marco de Privacidad de Datos UE-EE. UU., o cláusulas contractuales tipo aprobadas por la Comisión.',
        ),
        p('No vendemos tus datos ni los cedemos a nadie para que te envíe publicidad.'),
      ],
    },
    {
      id: 'derechos',
      title: 'Tus derechos',
      blocks: [
        p('Puedes pedirnos en cualquier momento y de forma gratuita:'),
        ul(
          'Acceso: saber qué datos tuyos tratamos y obtener una copia.',
          'Rectificación: corregir los que sean inexactos o estén incompletos.',
          'Supresión: que los borremos cuando ya no sean necesarios o no debamos tratarlos.',
          'Oposición: que dejemos de tratarlos por motivos relacionados con tu situación particular, o para comunicaciones comerciales.',
          'Limitación: que los conservemos sin usarlos mientras se resuelve una reclamación tuya.',
          'Portabilidad: recibir los que nos diste en un formato estructurado, o que se los enviemos a otro responsable.',
          'No ser objeto de decisiones basadas solo en un tratamiento automatizado que te afecten de forma importante.',
          'Retirar tu consentimiento, sin que eso afecte a lo que hicimos antes con él.',
        ),
        p(
          'Escríbenos a ',
          emailLink(SITE.dpoEmail),
          ` o por carta a ${postalAddress()}, indicando qué derecho quieres ejercer. Si tenemos dudas razonables sobre tu identidad, podremos pedirte la información necesaria para confirmarla. Te responderemos en el plazo de un mes, que puede ampliarse en dos meses más en casos complejos; si es así, te lo diremos.`,
        ),
      ],
    },
    {
      id: 'aepd',
      title: 'Reclamación ante la AEPD',
      blocks: [
        p(
          'Si crees que no hemos tratado tus datos conforme a la ley, puedes presentar una reclamación ante la Agencia Española de Protección de Datos, C/ Jorge Juan, 6, 28001 Madrid, en su sede electrónica: ',
          link('sedeagpd.gob.es', 'https://sedeagpd.gob.es'),
          '. Te agradeceremos que antes nos escribas: casi siempre podemos resolverlo juntos.',
        ),
        p('Más información sobre tus derechos en ', link('aepd.es', 'https://www.aepd.es'), '.'),
      ],
    },
    {
      id: 'edad-minima',
      title: `Edad mínima: ${count(minimumAge, 'año', 'años')}`,
      blocks: [
        p(
          `Este sitio no está dirigido a menores de ${count(minimumAge, 'año', 'años')} y no tratamos a sabiendas sus datos. Por debajo de esa edad, el consentimiento debe darlo quien tenga la patria potestad o la tutela (artículo 7 de la LOPDGDD). Si sabemos que hemos recibido datos de un menor de esa edad sin ese consentimiento, los borraremos.`,
        ),
        p('Para contratar nuestros servicios hay que ser mayor de edad.'),
      ],
    },
    {
      id: 'seguridad-y-cambios',
      title: 'Seguridad y cambios en esta política',
      blocks: [
        p(
          'Protegemos tus datos con medidas técnicas y organizativas adecuadas al riesgo: conexiones cifradas, contraseñas guardadas de forma irreversible, control de accesos y registros sin datos personales. Nuestros abogados y empleados guardan secreto profesional.',
        ),
        p(
          'Si cambiamos esta política, publicaremos la nueva versión aquí con su fecha y, si el cambio es importante, te avisaremos por correo electrónico.',
        ),
      ],
    },
  ],
};
