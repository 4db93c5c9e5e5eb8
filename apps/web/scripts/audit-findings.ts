/**
 * What the screen audit looks for in a screen's visible text: figures of the spec's examples,
 * providers' names, raw identifiers, English words, and the words that name a state (listed per
 * screen so the report can show where one state is called differently). Pure: text in, findings out.
 */

export interface TextFinding {
  kind: 'cifra-de-ejemplo' | 'proveedor' | 'uuid' | 'ingles';
  /** What matched, with a little of the text around it. */
  excerpt: string;
}

/** Figures of the spec's example that must never stand for the person's own. */
const SAMPLE_FIGURES: readonly RegExp[] = [
  /(?<![\d.,])600(?:,00)?\s?€/g,
  /(?<![\d.,])7\.200(?:,00)?\s?€/g,
  /(?<![\d.,])2,50\s?%/g,
  // Not the ten years without an early-repayment fee, which the 2012 code does grant.
  /(?<![\d.,])(?<!anticipada durante )10 años/g,
];

/** Providers the firm buys from: the client sees what happens, not who does it. */
const VENDORS: readonly RegExp[] = [/\bBankflip\b/gi, /\bStripe\b/gi, /\bSupabase\b/gi];

const UUIDS: readonly RegExp[] = [
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
  // A shortened one ("c6ac63fc-…").
  /\b[0-9a-f]{8}-(?:[0-9a-f]{1,4})?…/gi,
];

/** English words that have no place in a Spanish screen (none of them is a Spanish word). */
const ENGLISH =
  /\b(?:the|and|with|your|you|loading|submit|cancel|undefined|null|NaN|Invalid Date|pending|approved|rejected|uploaded|upload|click|save|next|previous|back|sign in|log in|password|dashboard|true|false|required|optional|status)\b/g;

function around(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 40);
  const end = Math.min(text.length, index + length + 40);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/\s+/g, ' ').trim()}${end < text.length ? '…' : ''}`;
}

function matches(
  text: string,
  patterns: readonly RegExp[],
  kind: TextFinding['kind'],
): TextFinding[] {
  const found: TextFinding[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      found.push({ kind, excerpt: around(text, match.index, match[0].length) });
    }
  }
  return found;
}

/**
 * Every soft finding in a screen's visible text. `ruleTable`: the screen shows the rule table
 * itself (the IPREM is 600 € a month), so the sample figures are not looked for.
 */
export function textFindings(text: string, options: { ruleTable?: boolean } = {}): TextFinding[] {
  return [
    ...(options.ruleTable === true ? [] : matches(text, SAMPLE_FIGURES, 'cifra-de-ejemplo')),
    ...matches(text, VENDORS, 'proveedor'),
    ...matches(text, UUIDS, 'uuid'),
    ...matches(text, [ENGLISH], 'ingles'),
  ];
}

/**
 * Words that name the state of a task, a document, a payment or a case. The report lists which
 * screens use each, per case, so a state called two ways shows up side by side.
 */
export const STATE_WORDS = [
  'Pendiente',
  'Pendientes',
  'Prioritario',
  'No empezado',
  'En curso',
  'Sin subir',
  'Subido',
  'Subidos',
  'Obtenido',
  'Obtenidos',
  'En revisión',
  'Revisado',
  'Aprobado',
  'Aprobados',
  'Rechazado',
  'Rechazados',
  'Completado',
  'Completada',
  'Hecho',
  'Falta',
  'Faltan',
  'Opcional',
  'Borrador',
  'Enviado',
  'Firmada',
  'Sin firmar',
  'Pagado',
  'Sin pagar',
  'Confirmado',
  'Nuevo',
  'Cliente',
] as const;

/**
 * The state words a screen uses as a state: alone on their line (a badge, a value) or in
 * parentheses, as written (so «(pendiente)» and «Pendiente» stay apart), with how many times.
 */
export function stateWordsIn(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of STATE_WORDS) {
    const pattern = new RegExp(`(?<=^|\\n|\\()[ \\t]*(${word})[ \\t]*(?=$|\\n|\\))`, 'gimu');
    for (const match of text.matchAll(pattern)) {
      const written = match[1] ?? word;
      counts.set(written, (counts.get(written) ?? 0) + 1);
    }
  }
  return counts;
}
