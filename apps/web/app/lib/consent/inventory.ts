import { RULES } from '@cbp/core';

import { DRAFT_STORAGE_KEY } from '../../features/simulator/storage-key';
import { STORAGE_KEYS } from '../auth/storage';
import type { StorageCategory } from './categories';
import { CONSENT_MAX_AGE_MONTHS, CONSENT_STORAGE_KEY } from './record';

type Lifetime = (typeof RULES.cookies.lifetimes)[number];

/** A lifetime of the rule table by its label; throws if the table has no such lifetime. */
export function ruleLifetime(label: Lifetime['label']): Lifetime {
  const lifetime = RULES.cookies.lifetimes.find((item) => item.label === label);
  if (lifetime === undefined) throw new RangeError(`Duración de cookie desconocida: ${label}`);
  return lifetime;
}

export interface StoredItem {
  /** Names as they appear in the browser's storage or cookie list. */
  names: readonly string[];
  /** Who reads it: the firm ('Propia') or the named third party. */
  owner: string;
  thirdParty: boolean;
  category: StorageCategory;
  /** Where the browser keeps it. */
  kind: 'Cookie' | 'localStorage' | 'sessionStorage';
  purpose: string;
  lifetime: string;
}

const untilSignOut = 'Hasta que cierras sesión';

/**
 * Everything this site keeps in the browser. Keep it in step with the code that stores things
 * (app/lib/auth/storage.ts, app/features/simulator/draft.ts, this folder) and with the video
 * host: the cookies policy shows this list (docs/decisions/0422-cookie-lifetimes.md).
 */
export const STORAGE_INVENTORY: readonly StoredItem[] = [
  {
    names: [CONSENT_STORAGE_KEY],
    owner: 'Propia',
    thirdParty: false,
    category: 'tecnica',
    kind: 'localStorage',
    purpose: 'Guarda tu elección sobre las cookies y la fecha en que la hiciste.',
    lifetime: `${String(CONSENT_MAX_AGE_MONTHS)} meses`,
  },
  {
    names: [DRAFT_STORAGE_KEY],
    owner: 'Propia',
    thirdParty: false,
    category: 'tecnica',
    kind: 'sessionStorage',
    purpose: 'Conserva tus respuestas del simulador si recargas la página o vuelves atrás.',
    lifetime: `${ruleLifetime('Sesión').label}: se borra al cerrar la pestaña o al enviar tus datos`,
  },
  {
    names: [STORAGE_KEYS.refreshToken],
    owner: 'Propia',
    thirdParty: false,
    category: 'tecnica',
    kind: 'localStorage',
    purpose: 'Renueva tu sesión del área de clientes sin volver a escribir la contraseña.',
    lifetime: `${ruleLifetime('1 mes').label}, o hasta que cierras sesión`,
  },
  {
    names: [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.leadAccessToken,
      STORAGE_KEYS.userEmail,
      STORAGE_KEYS.leadId,
    ],
    owner: 'Propia',
    thirdParty: false,
    category: 'tecnica',
    kind: 'localStorage',
    purpose:
      'Mantienen abierta tu sesión del área de clientes y recuerdan a qué expediente pertenece.',
    lifetime: untilSignOut,
  },
  {
    names: ['YSC', 'VISITOR_INFO1_LIVE', 'VISITOR_PRIVACY_METADATA', 'yt-remote-*'],
    owner: 'YouTube (Google Ireland Limited)',
    thirdParty: true,
    category: 'videos',
    kind: 'Cookie',
    purpose:
      'Solo si permites los vídeos y reproduces uno: hacen funcionar el reproductor, miden visualizaciones y recuerdan tus preferencias.',
    lifetime: `Desde la ${ruleLifetime('Sesión').label.toLowerCase()} hasta ${ruleLifetime('2 años').label}, según la cookie`,
  },
];
