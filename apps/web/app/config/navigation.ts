import type { FooterColumn, LinkItem } from '@cbp/ui';

import { SITE } from './site';

export const MAIN_NAVIGATION: readonly LinkItem[] = [
  { href: '/', label: 'Inicio' },
  { href: '/como-funciona', label: 'Cómo funciona' },
  { href: '/documentacion', label: 'Documentación' },
  { href: '/honorarios', label: 'Honorarios' },
];

export const SIMULATOR_ACTION: LinkItem = { href: '/simulador', label: 'Comenzar simulador' };

export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: 'Producto',
    links: [
      { href: '/simulador', label: 'Simulador de requisitos' },
      { href: '/como-funciona', label: 'Cómo funciona' },
      { href: '/documentacion', label: 'Documentación' },
      { href: '/honorarios', label: 'Honorarios' },
      { href: '/login', label: 'Acceso clientes' },
    ],
  },
  {
    title: 'Empresa',
    links: [
      { href: '/', label: 'Inicio' },
      { href: '/#quienes-somos', label: 'Quiénes somos' },
      { href: `mailto:${SITE.email}`, label: `Escríbenos: ${SITE.email}` },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/aviso-legal', label: 'Aviso legal' },
      { href: '/condiciones-generales', label: 'Condiciones generales' },
      { href: '/politica-privacidad', label: 'Política de privacidad' },
      { href: '/politica-cookies', label: 'Política de cookies' },
      { href: '/politica-cookies#configurar-cookies', label: 'Configurar cookies' },
    ],
  },
];
