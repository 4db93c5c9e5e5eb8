import { SITE } from '../../config/site';
import { CATEGORY_TEXT } from '../../lib/consent/categories';
import { CONSENT_MAX_AGE_MONTHS } from '../../lib/consent/record';
import { count } from '../format';
import { link, p, ul } from '../rich-text';
import { emailLink, LEGAL_TEXTS_UPDATED } from './common';
import type { LegalText } from './LegalDocument';

export const COOKIES_HERO = {
  title: 'Política de cookies',
  description:
    'Qué guarda este sitio en tu navegador, para qué, durante cuánto tiempo y cómo puedes cambiar tu elección.',
} as const;

/** The id of the section the inventory table is shown in. */
export const COOKIE_TABLE_SECTION = 'que-usamos';

/**
 * Cookies policy: the contents the Spanish data-protection authority's cookie guide asks for
 * (definition, types and purposes, who uses them, how to accept, reject or withdraw,
 * transfers, retention), matching the consent banner's categories.
 */
export const COOKIES_POLICY: LegalText = {
  updated: LEGAL_TEXTS_UPDATED,
  intro: [
    p(
      `Esta política explica qué información guarda el sitio web de ${SITE.name} en tu navegador. Cumple el artículo 22.2 de la Ley 34/2002 (LSSI-CE) y sigue la Guía sobre el uso de las cookies de la Agencia Española de Protección de Datos.`,
    ),
  ],
  sections: [
    {
      id: 'que-son',
      title: 'Qué son las cookies',
      blocks: [
        p(
          'Las cookies son pequeños archivos que un sitio web guarda en tu navegador para recordar información entre una página y otra o entre visitas. Otras tecnologías parecidas, como el almacenamiento local (localStorage) y el de sesión (sessionStorage), sirven para lo mismo y se rigen por las mismas normas; en esta política las llamamos cookies a todas.',
        ),
      ],
    },
    {
      id: 'quien-las-usa',
      title: 'Quién las usa',
      blocks: [
        ul(
          `Cookies propias: las gestiona ${SITE.legalName} desde este mismo sitio.`,
          'Cookies de terceros: las gestiona otra empresa. Aquí solo YouTube, y solo si permites sus vídeos y reproduces uno.',
        ),
        p('No usamos cookies publicitarias ni de análisis, ni elaboramos perfiles.'),
      ],
    },
    {
      id: COOKIE_TABLE_SECTION,
      title: 'Qué cookies usamos y para qué',
      blocks: [
        ul(
          `${CATEGORY_TEXT.tecnica.title}. ${CATEGORY_TEXT.tecnica.description}`,
          `${CATEGORY_TEXT.videos.title}, opcionales. ${CATEGORY_TEXT.videos.description} Solo se activan si las permites.`,
        ),
        p('Esta es la lista completa, con su duración:'),
      ],
    },
    {
      id: 'como-elegir',
      title: 'Cómo aceptarlas, rechazarlas o retirar tu consentimiento',
      blocks: [
        p(
          'La primera vez que entras te preguntamos con un aviso en el que puedes aceptar, rechazar o configurar las cookies opcionales, con la misma facilidad. Hasta que eliges, no se activa ninguna cookie opcional y los vídeos no se cargan. Seguir navegando no equivale a aceptar.',
        ),
        p(
          `Guardamos tu elección durante ${count(CONSENT_MAX_AGE_MONTHS, 'mes', 'meses')}; después, o si cambiamos las cookies que usamos, te volvemos a preguntar. Puedes cambiar de opinión o retirar tu consentimiento en cualquier momento, con el botón de abajo o con el enlace «Configurar cookies» del pie de página:`,
        ),
      ],
    },
    {
      id: 'navegador',
      title: 'Cómo borrarlas desde el navegador',
      blocks: [
        p(
          'También puedes bloquear o borrar las cookies desde la configuración de tu navegador. Si bloqueas las técnicas, el simulador y el área de clientes pueden no funcionar bien.',
        ),
        ul(
          [link('Google Chrome', 'https://support.google.com/chrome/answer/95647?hl=es')],
          [link('Mozilla Firefox', 'https://support.mozilla.org/es/kb/Borrar%20cookies')],
          [link('Safari', 'https://support.apple.com/es-es/guide/safari/sfri11471/mac')],
          [
            link(
              'Microsoft Edge',
              'https://support.microsoft.com/es-es/microsoft-edge/eliminar-las-cookies-en-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09',
            ),
          ],
        ),
      ],
    },
    {
      id: 'transferencias',
      title: 'Transferencias internacionales',
      blocks: [
        p(
          'Si permites los vídeos y reproduces uno, Google puede tratar los datos de sus cookies en Estados Unidos, al amparo del Marco de Privacidad de Datos UE-EE. UU. y de cláusulas contractuales tipo. Puedes consultar su uso en la ',
          link('política de privacidad de Google', 'https://policies.google.com/privacy?hl=es'),
          '.',
        ),
      ],
    },
    {
      id: 'cambios',
      title: 'Cambios y contacto',
      blocks: [
        p(
          'Si cambiamos las cookies que usamos, actualizaremos esta política y te volveremos a pedir tu consentimiento. Para cualquier duda, escríbenos a ',
          emailLink(SITE.dpoEmail),
          '. Tienes más información sobre tus datos en la ',
          link('política de privacidad', '/politica-privacidad'),
          '.',
        ),
      ],
    },
  ],
};
