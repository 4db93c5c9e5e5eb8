/**
 * What the screen audit keeps of each screen, and `informe.md`: the hard failures that fail the
 * run, the soft findings, the state words per case and one section per screen.
 */
import type { TextFinding } from './audit-findings';
import type { SeededCase } from './audit-cases';
import { MOBILE_VIEWPORT } from '../e2e/harness';

export interface LinkCheck {
  text: string;
  href: string;
  /** Where the link landed (path, query and anchor), or why it could not be followed. */
  landedAt: string;
  broken: string | null;
  /** Landed on another path than the link's. */
  elsewhere: boolean;
}

export interface ScreenRecord {
  caseKey: string;
  route: string;
  width: number;
  landedAt: string;
  heading: string;
  screenshot: string;
  textFile: string;
  axe: string[];
  overflow: { scrollWidth: number; culprits: string[] } | null;
  links: LinkCheck[];
  external: string[];
  findings: TextFinding[];
  /** Links of the page's main content that say different things and go to one address. */
  sharedTargets: string[];
  stateWords: Map<string, number>;
  pageErrors: string[];
}

export function hardFailures(record: ScreenRecord): string[] {
  const where = `${record.caseKey} · ${record.route} · ${String(record.width)} px`;
  return [
    ...record.axe.map((violation) => `${where}: axe ${violation}`),
    ...(record.overflow === null
      ? []
      : [
          `${where}: desborda en horizontal (${String(record.overflow.scrollWidth)} px de ancho; ${record.overflow.culprits.join('; ')})`,
        ]),
    ...record.links
      .filter((link) => link.broken !== null)
      .map(
        (link) =>
          `${where}: enlace roto «${link.text}» → ${link.href} (${link.broken ?? ''}, llega a ${link.landedAt})`,
      ),
  ];
}

function softFindings(record: ScreenRecord): string[] {
  const where = `${record.caseKey} · ${record.route} · ${String(record.width)} px`;
  return [
    ...record.findings.map((finding) => `${where}: ${finding.kind}: ${finding.excerpt}`),
    ...record.links
      .filter((link) => link.broken === null && link.elsewhere)
      .map((link) => `${where}: «${link.text}» (${link.href}) lleva a ${link.landedAt}`),
    ...record.sharedTargets.map((line) => `${where}: ${line}`),
    ...record.pageErrors.map((error) => `${where}: error de la página: ${error}`),
  ];
}

function unique(lines: string[]): string[] {
  return [...new Set(lines)];
}

export function report(cases: readonly SeededCase[], records: readonly ScreenRecord[]): string {
  const hard = records.flatMap(hardFailures);
  const soft = unique(records.flatMap(softFindings));
  const lines: string[] = [
    '# Auditoría de pantallas',
    '',
    `Generada el ${new Date().toISOString()} contra la web compilada y la API real con una base de datos temporal.`,
    '',
    '## Casos',
    '',
    ...cases.map((seeded) => `- \`${seeded.key}\`: ${seeded.title} (${seeded.account.email}).`),
    '- `despacho`: las pantallas de /gestion con la primera administradora.',
    '',
    `## Fallos graves (${String(hard.length)})`,
    '',
    ...(hard.length === 0 ? ['Ninguno.'] : hard.map((line) => `- ${line}`)),
    '',
    `## Hallazgos leves (${String(soft.length)})`,
    '',
    ...(soft.length === 0 ? ['Ninguno.'] : soft.map((line) => `- ${line}`)),
    '',
    '## Palabras de estado por caso (a 375 px)',
    '',
  ];
  for (const caseKey of unique(records.map((record) => record.caseKey))) {
    const byWord = new Map<string, string[]>();
    for (const record of records) {
      if (record.caseKey !== caseKey || record.width !== MOBILE_VIEWPORT.width) continue;
      for (const [word, count] of record.stateWords) {
        byWord.set(word, [...(byWord.get(word) ?? []), `${record.route} (${String(count)})`]);
      }
    }
    lines.push(`### ${caseKey}`, '');
    for (const [word, screens] of byWord) lines.push(`- «${word}»: ${screens.join(', ')}`);
    lines.push('');
  }
  lines.push('## Pantallas', '');
  for (const record of records) {
    lines.push(
      `### ${record.caseKey} · ${record.route} · ${String(record.width)} px`,
      '',
      `- Llega a \`${record.landedAt}\`; título: «${record.heading}».`,
      `- Captura \`${record.screenshot}\`; texto \`${record.textFile}\`.`,
      `- axe: ${record.axe.length === 0 ? 'sin infracciones' : record.axe.join('; ')}.`,
      `- Desborde horizontal: ${record.overflow === null ? 'no' : `sí, ${String(record.overflow.scrollWidth)} px`}.`,
      `- Enlaces internos (${String(record.links.length)}):`,
      ...record.links.map(
        (link) =>
          `  - «${link.text}» → \`${link.href}\`: ${link.broken === null ? `llega a \`${link.landedAt}\`` : `ROTO (${link.broken})`}`,
      ),
      `- Enlaces externos: ${record.external.length === 0 ? 'ninguno' : record.external.join('; ')}.`,
      `- Enlaces que prometen cosas distintas y llevan al mismo sitio: ${record.sharedTargets.length === 0 ? 'ninguno' : record.sharedTargets.join('; ')}.`,
      `- Texto: ${record.findings.length === 0 ? 'sin cifras de ejemplo, proveedores, identificadores ni inglés' : record.findings.map((finding) => `${finding.kind}: ${finding.excerpt}`).join('; ')}.`,
      `- Errores de la página: ${record.pageErrors.length === 0 ? 'ninguno' : record.pageErrors.join('; ')}.`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}
