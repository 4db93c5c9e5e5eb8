import { RULES } from '@cbp/core';

import { SITE } from '../../config/site';
import { count } from '../format';
import { dl, link, ol, p, ul } from '../rich-text';
import { emailLink, LEGAL_TEXTS_UPDATED, phoneLink, postalAddress } from './common';
import type { LegalText } from './LegalDocument';

export const LEGAL_NOTICE_HERO = {
  title: 'Aviso legal',
  description: `Quién está detrás de este sitio web y en qué condiciones puedes usarlo.`,
} as const;

/** Legal notice (spec 01, static pages): the sections of LSSI-CE art. 10 and the terms of use. */
export const LEGAL_NOTICE: LegalText = {
  updated: LEGAL_TEXTS_UPDATED,
  intro: [
    p(
      `Este aviso legal regula el uso del sitio web de ${SITE.name}. Léelo con calma: al navegar por el sitio aceptas estas condiciones.`,
    ),
  ],
  sections: [
    {
      id: 'datos-legales',
      title: 'Datos legales',
      blocks: [
        p(
          'En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de servicios de la sociedad de la información y de comercio electrónico (LSSI-CE), estos son los datos del titular del sitio web:',
        ),
        dl(
          { term: 'Titular', line: SITE.legalName },
          { term: 'Nombre comercial', line: SITE.name },
          { term: 'NIF', line: SITE.nif },
          { term: 'Domicilio', line: postalAddress() },
          { term: 'Teléfono', line: [phoneLink()] },
          { term: 'Correo electrónico', line: [emailLink(SITE.email)] },
          { term: 'Datos registrales', line: SITE.registry },
          { term: 'Colegio profesional', line: SITE.professionalBody },
        ),
        p(
          `Los servicios jurídicos los prestan abogados colegiados en el ${SITE.professionalBody}, con título oficial en Derecho expedido en España. Están sujetos al Estatuto General de la Abogacía Española (Real Decreto 135/2021, de 2 de marzo) y al Código Deontológico de la Abogacía Española, que puedes consultar en `,
          link('abogacia.es', 'https://www.abogacia.es'),
          '.',
        ),
      ],
    },
    {
      id: 'aceptacion',
      title: 'Aceptación del usuario',
      blocks: [
        p(
          'Acceder a este sitio web y usarlo te da la condición de usuario e implica que aceptas este aviso legal en la versión publicada en el momento del acceso. Puede cambiar para adaptarse a nuevas normas o servicios, así que te recomendamos leerlo en cada visita.',
        ),
        p(
          'Si contratas nuestros servicios, se aplican además las ',
          link('condiciones generales', '/condiciones-generales'),
          ', que aceptas de forma expresa antes de pagar. El tratamiento de tus datos se rige por la ',
          link('política de privacidad', '/politica-privacidad'),
          ' y el uso de cookies, por la ',
          link('política de cookies', '/politica-cookies'),
          '.',
        ),
        p(
          'Este aviso legal se rige por la legislación española. Si eres consumidor, cualquier controversia se resolverá ante los juzgados y tribunales de tu domicilio.',
        ),
      ],
    },
    {
      id: 'informacion-precontractual',
      title: 'Información precontractual',
      blocks: [
        p(
          'Antes de contratar, este sitio y tu área de clientes te informan de forma clara y gratuita de:',
        ),
        ul(
          'Nuestra identidad y cómo contactar con nosotros (apartado «Datos legales»).',
          ['Las características del servicio (', link('Cómo funciona', '/como-funciona'), ').'],
          [
            'El precio total, con impuestos incluidos, y las formas de pago (',
            link('Honorarios', '/honorarios'),
            ').',
          ],
          `La duración del contrato, como máximo ${count(RULES.contract.maxServiceMonths, 'mes', 'meses')}, y cómo termina.`,
          `Tu derecho a desistir en ${count(RULES.contract.withdrawalCalendarDays, 'día natural', 'días naturales')}, cómo ejercerlo y el modelo de formulario.`,
          'La garantía de devolución si el banco rechaza tu solicitud y cómo presentar una reclamación.',
        ),
        p('Los pasos para contratar son estos:'),
        ol(
          'Compruebas tus requisitos en el simulador y dejas tus datos de contacto.',
          'Entras en tu área de clientes y aportas tus datos y documentos.',
          'Revisas la solicitud completa; antes de enviarla puedes corregir cualquier dato que esté mal.',
          'Eliges un plan, aceptas las condiciones generales y pagas. El contrato empieza cuando recibimos el pago.',
        ),
        p(
          'El contrato se celebra en español. Guardamos el documento electrónico del contrato, que puedes consultar en tu área de clientes, y te confirmamos la contratación por correo electrónico.',
        ),
      ],
    },
    {
      id: 'acceso-y-uso',
      title: 'Acceso y uso',
      blocks: [
        p(
          'El acceso al sitio es libre y gratuito. El área de clientes necesita un usuario y una contraseña, que son personales: debes guardarlos con cuidado y avisarnos si crees que alguien los está usando sin tu permiso.',
        ),
        p(
          'La información del sitio y el resultado del simulador son orientativos. Indican si pareces cumplir los requisitos según tus respuestas, pero no son asesoramiento jurídico personalizado ni garantizan que el banco acepte tu solicitud: esa valoración la hacen nuestros abogados con tu documentación.',
        ),
        p(
          'Para contratar hay que ser mayor de edad y tener capacidad para obligarse. Los datos que nos des deben ser tuyos, ciertos y estar actualizados.',
        ),
      ],
    },
    {
      id: 'uso-responsable',
      title: 'Uso responsable',
      blocks: [
        p('Te comprometes a usar el sitio de buena fe y conforme a la ley. En particular, a no:'),
        ul(
          'Usarlo con fines ilícitos, fraudulentos o que perjudiquen a otras personas o a nosotros.',
          'Introducir virus o programas dañinos, ni intentar acceder a zonas restringidas, a cuentas de otras personas o a nuestros sistemas.',
          'Suplantar a otra persona ni facilitar datos de terceros sin su autorización.',
          'Usar robots u otros sistemas automáticos para extraer contenidos o enviar formularios de forma masiva.',
        ),
        p(
          'Podemos suspender el acceso de quien incumpla estas normas, sin perjuicio de las acciones legales que correspondan.',
        ),
      ],
    },
    {
      id: 'propiedad-intelectual',
      title: 'Propiedad intelectual e industrial',
      blocks: [
        p(
          `Los textos, imágenes, vídeos, diseño, logotipos, código fuente y demás contenidos de este sitio pertenecen a ${SITE.legalName} o a terceros que han autorizado su uso. Están protegidos por el texto refundido de la Ley de Propiedad Intelectual (Real Decreto Legislativo 1/1996, de 12 de abril) y por la Ley 17/2001, de 7 de diciembre, de Marcas.`,
        ),
        p(
          'Puedes verlos, imprimirlos y descargarlos para tu uso personal y privado. Cualquier otra reproducción, distribución, comunicación pública o transformación necesita nuestra autorización previa por escrito.',
        ),
        p(
          'Los testimonios y vídeos de clientes se publican con su consentimiento. Puedes enlazar a la página de inicio de este sitio siempre que el enlace no sugiera una relación con nosotros que no existe ni se incluya en páginas con contenidos ilícitos.',
        ),
      ],
    },
    {
      id: 'responsabilidad',
      title: 'Responsabilidad',
      blocks: [
        p(
          'Cuidamos que la información del sitio sea correcta y esté al día, pero las normas y los plazos del Código de Buenas Prácticas cambian con frecuencia. La información general no sustituye al estudio de tu caso concreto, que hacemos antes de presentar cualquier solicitud.',
        ),
        p(
          'Aplicamos medidas razonables de seguridad. En la medida en que la ley lo permite, no respondemos de los daños causados por interrupciones, fallos técnicos o ataques informáticos ajenos a nuestro control.',
        ),
        p(
          'Los enlaces a sitios de terceros (administraciones públicas, la Agencia Española de Protección de Datos, YouTube) se ofrecen solo como información y no controlamos su contenido. Si tenemos conocimiento efectivo de que un enlace lleva a contenidos ilícitos, lo retiraremos, conforme al artículo 17 de la LSSI-CE.',
        ),
        p(
          'Nuestra responsabilidad por los servicios contratados se rige por las condiciones generales y por la normativa de la abogacía, y está cubierta por un seguro de responsabilidad civil profesional.',
        ),
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies',
      blocks: [
        p(
          'Este sitio guarda en tu navegador la información técnica imprescindible para funcionar y, solo si lo permites, la que necesitan los vídeos de YouTube. Tienes todo el detalle en la ',
          link('política de cookies', '/politica-cookies'),
          '. Puedes cambiar tu elección cuando quieras:',
        ),
      ],
    },
  ],
};
