import { RULES } from '@cbp/core';

import { SITE } from '../config/site';
import { SIMULATOR_QUESTIONS } from './figures';

/** The three numbered steps of the home page (spec 01, home page). */
export const HOME_STEPS = [
  {
    title: 'Comprueba tus requisitos',
    description: `Responde a ${SIMULATOR_QUESTIONS} en el simulador. En unos ${String(RULES.simulator.durationMinutes)} minutos sabrás si puedes acogerte al Código de Buenas Prácticas.`,
  },
  {
    title: 'Consigue tus documentos',
    description:
      'Desde tu área de clientes obtienes en unos minutos la documentación oficial con tu clave PIN y un código SMS, sin ir a ninguna oficina.',
  },
  {
    title: 'Envía la solicitud a tu banco',
    description:
      'Preparamos la solicitud, la presentamos a tu banco y sigues cada paso del proceso desde tu área de clientes.',
  },
] as const;

/**
 * The video hosting every embed uses: YouTube's privacy-enhanced domain, which sets no cookie
 * until the video plays (and plays only after consent and a click). The API's
 * Content-Security-Policy admits it (apps/api/src/plugins/web-app.ts).
 */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

export function videoEmbedUrl(youtubeId: string): string {
  return `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(youtubeId)}?rel=0`;
}

/**
 * The firm's videos on YouTube. The identifiers are configuration: replace them with the
 * firm's real videos before publishing (docs/decisions/0424-home-videos-and-testimonials.md).
 */
export const INTRO_VIDEO = {
  youtubeId: 'REEMPLAZAR0',
  title: 'Cómo te ayudamos a bajar la cuota de tu hipoteca',
} as const;

export interface ClientStory {
  youtubeId: string;
  /** The video's title: names its play button and its frame. */
  title: string;
  name: string;
  place: string;
  quote: string;
}

/**
 * Clients telling their case. Sample texts: publish only real clients' words and videos, with
 * their written consent (docs/decisions/0424-home-videos-and-testimonials.md).
 */
export const CLIENT_STORIES: readonly ClientStory[] = [
  {
    youtubeId: 'REEMPLAZAR1',
    title: 'Carmen cuenta cómo bajó su cuota',
    name: 'Carmen',
    place: 'Sevilla',
    quote:
      'La cuota se nos comía más de la mitad del sueldo. En unas semanas el banco nos dio la carencia y ahora llegamos a fin de mes.',
  },
  {
    youtubeId: 'REEMPLAZAR2',
    title: 'Javier explica su experiencia con el banco',
    name: 'Javier',
    place: 'Zaragoza',
    quote:
      'Yo no sabía ni que existía el Código. Me explicaron qué podía pedir y se encargaron de todo el papeleo con el banco.',
  },
  {
    youtubeId: 'REEMPLAZAR3',
    title: 'Lucía y Andrés cuentan cómo lo solicitaron',
    name: 'Lucía y Andrés',
    place: 'Valencia',
    quote:
      'Sacamos los documentos desde el móvil en un rato y vimos en todo momento en qué punto estaba nuestra solicitud.',
  },
];

/** Who we are: the team section, anchor 'quienes-somos'. */
export const TEAM = {
  title: 'Quiénes somos',
  intro: `Somos ${SITE.name}, un despacho de abogados dedicado a ayudar a familias con dificultades para pagar su hipoteca. Conocemos el Código de Buenas Prácticas desde que se aprobó y negociamos cada día con las entidades que lo aplican.`,
  members: [
    {
      role: 'Abogados',
      description: `Colegiados en el ${SITE.professionalBody}. Estudian tu caso, preparan la solicitud y negocian con tu banco.`,
    },
    {
      role: 'Gestores de expediente',
      description:
        'Revisan contigo la documentación, te avisan de lo que falta y siguen la solicitud hasta la respuesta del banco.',
    },
    {
      role: 'Atención al cliente',
      description: `Te llaman después del simulador y resuelven tus dudas por teléfono, en el ${SITE.phone}, o por correo electrónico.`,
    },
  ],
} as const;
