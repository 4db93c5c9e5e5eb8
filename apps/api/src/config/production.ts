import type { EnvValues } from './env';

export const productionRequirements: { name: keyof EnvValues; what: string }[] = [
  { name: 'DATABASE_URL', what: 'URL de PostgreSQL (postgres://usuario:clave@servidor/base)' },
  { name: 'SMTP_URL', what: 'servidor de correo saliente (smtp://usuario:clave@servidor:587)' },
  { name: 'MAIL_FROM', what: 'remitente de los correos ("Despacho <no-responder@dominio.es>")' },
  { name: 'FIRM_EMAIL', what: 'dirección del despacho que recibe los avisos de nuevos leads' },
  { name: 'PUBLIC_URL', what: 'dirección pública del servicio (https://dominio.es)' },
  { name: 'JWT_SECRET', what: 'secreto de firma de sesiones, 32 caracteres o más al azar' },
  { name: 'STORAGE_KEY', what: 'clave de cifrado de los documentos, 32 caracteres o más al azar' },
  { name: 'BANKFLIP_API_KEY', what: 'clave de la API de obtención de documentos (Bankflip)' },
  {
    name: 'BANKFLIP_WEBHOOK_SECRET',
    what: 'clave de firma de los avisos (webhooks) de Bankflip, en base64',
  },
  { name: 'STRIPE_SECRET_KEY', what: 'clave secreta de la API de Stripe (sk_live_… o rk_live_…)' },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    what: 'clave de firma de los avisos (webhooks) de Stripe (whsec_…)',
  },
  {
    name: 'BANK_TRANSFER_ACCOUNTS',
    what: 'cuentas del despacho para transferencias ("banco|titular|IBAN;banco|titular|IBAN")',
  },
];

/**
 * Below this estimate a secret is refused in production (decision 0602): far above what a person
 * types by pattern, below what `openssl rand -hex 16` gives (its lowest in 200 000 draws: 86).
 */
export const MIN_SECRET_BITS = 80;

/**
 * What a production start cannot accept although each value is well formed (decision 0602):
 * test keys, plain http to the public or to a provider, secrets a person could guess.
 */
export function productionProblems(values: EnvValues): string[] {
  const problems: string[] = [];
  const plainHttp = (['PUBLIC_URL', 'BANKFLIP_API_URL', 'STRIPE_API_URL'] as const).filter(
    (name) => values[name] !== undefined && !values[name].toLowerCase().startsWith('https://'),
  );
  for (const name of plainHttp) problems.push(`${name}: en producción debe empezar por https://`);
  if (values.STRIPE_SECRET_KEY !== undefined && !/^(sk|rk)_live_/.test(values.STRIPE_SECRET_KEY)) {
    problems.push(
      'STRIPE_SECRET_KEY: en producción debe ser una clave real (sk_live_… o rk_live_…), no de pruebas',
    );
  }
  for (const name of ['JWT_SECRET', 'STORAGE_KEY'] as const) {
    const secret = values[name];
    if (secret !== undefined && estimatedSecretBits(secret) < MIN_SECRET_BITS) {
      problems.push(
        `${name}: es demasiado previsible (caracteres repetidos o seguidos); genera uno al azar, por ejemplo con «openssl rand -base64 36»`,
      );
    }
  }
  return problems;
}

/**
 * A low estimate of a secret's entropy in bits. A string that is a shorter piece repeated counts
 * as that piece; of the piece, the lower of two Shannon estimates: of its characters (catches
 * few distinct characters) and of the steps between neighbouring characters (catches runs such
 * as 'abcdef…' or '0123…', whose characters are all distinct).
 */
export function estimatedSecretBits(secret: string): number {
  const characters = Array.from(secret);
  const piece = characters.slice(0, shortestPeriod(characters));
  const codes = piece.map((character) => character.codePointAt(0) ?? 0);
  const steps = codes.slice(1).map((code, index) => code - (codes[index] ?? 0));
  // The first character of the piece carries its own bits beside the steps after it.
  return Math.min(shannonBits(piece), shannonBits(steps) + Math.log2(Math.max(2, piece.length)));
}

function shortestPeriod(items: readonly unknown[]): number {
  for (let period = 1; period < items.length; period += 1) {
    if (items.every((item, index) => index < period || item === items[index - period])) {
      return period;
    }
  }
  return items.length;
}

function shannonBits(items: readonly unknown[]): number {
  const counts = new Map<unknown, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  let perItem = 0;
  for (const count of counts.values()) {
    const share = count / items.length;
    perItem -= share * Math.log2(share);
  }
  return perItem * items.length;
}
