import {
  CIRCUMSTANCE_TEXTS,
  circumstancesThatApply,
  CODE_NAMES,
  codeOpenOn,
  type EuriborMonth,
  euriborLabel,
  findBank,
  formatEuriborRate,
  formatDate,
  formatEuros,
  formatLongDate,
  formatNumber,
  formatPercent,
  formatPostalAddress,
  INCOME_TYPE_OPTIONS,
  RELATIONSHIP_OPTIONS,
  reviewPersons,
  RULES,
  type FirmIdentity,
  type HouseholdCircumstances,
  type ReviewForm,
  type SubmissionCode,
} from '@cbp/core';
import type { GracePackage } from '../calculations/service';
import type { PDFImage } from 'pdf-lib';
import type { ContractSignature } from '../billing/contract';
import { PdfWriter, type GeneratedPdf } from '../contract/pdf-layout';

/**
 * The code the application is made under, decided on the sending day: the one the lead's answers
 * fitted while it still takes applications, otherwise the 2012 code, which is permanent
 * (docs/decisions/0511-code-on-the-sending-date.md).
 */
export function applicableCode(leadCode: SubmissionCode | null, day: string): SubmissionCode {
  return leadCode !== null && codeOpenOn(leadCode, day) ? leadCode : 'cbp2012';
}

/** The code's full name and legal source, as the letter's subject gives it. */
export const CODE_TITLES: Readonly<Record<SubmissionCode, string>> = {
  cbp2012:
    'Código de Buenas Prácticas para la reestructuración viable de las deudas con garantía hipotecaria sobre la vivienda habitual (anexo del Real Decreto-ley 6/2012, de 9 de marzo, en la redacción del Real Decreto-ley 19/2022, de 22 de noviembre)',
  cbp2022:
    'Código de Buenas Prácticas de medidas urgentes para deudores hipotecarios en riesgo de vulnerabilidad (anexo del Real Decreto-ley 19/2022, de 22 de noviembre)',
};

const years = (value: number) => `${String(value)} ${value === 1 ? 'año' : 'años'}`;
/** '1 mes', '12 meses'. */
export const months = (value: number) => `${String(value)} ${value === 1 ? 'mes' : 'meses'}`;

/** 'Euríbor menos 0,10 puntos porcentuales' for a spread of −0,1. */
function euriborPlus(spreadPoints: number): string {
  if (spreadPoints === 0) return 'Euríbor';
  const sign = spreadPoints < 0 ? 'menos' : 'más';
  return `Euríbor ${sign} ${formatNumber(Math.abs(spreadPoints), 2)} puntos porcentuales`;
}

/** '(Euríbor a un año de febrero de 2026: 2,221 %; tipo resultante: 2,121 %)', or nothing. */
function euriborInForceText(euribor: EuriborMonth | null, spreadPoints: number): string {
  if (euribor === null) return '';
  const rate = Math.round((euribor.porcentaje + spreadPoints) * 1000) / 1000;
  return ` (${euriborLabel(euribor)}; tipo resultante: ${formatEuriborRate(rate)})`;
}

/**
 * The measures the letter requests under `code`, worded from the rule table, naming for the
 * 2012 code the Euribor month in force on the sending day (`euribor`, from the firm's series).
 * The send screen shows the same sentences (`medidas`), so the person reads what the bank will
 * read. For the 2012 code they follow the package of the case's calculation (`package2012`): the
 * two-year grace alone when it gave that one, so the letter never asks for more than the
 * calculation found; the five-year grace, with the two-year one in the alternative, otherwise.
 */
export function measuresFor(
  code: SubmissionCode,
  euribor: EuriborMonth | null,
  package2012: GracePackage | null,
): string[] {
  if (code === 'cbp2022') {
    const rules = RULES.code2022;
    return [
      `Mantenimiento de la cuota durante ${months(rules.fixedInstalmentMonths)} en el importe vigente el ${formatLongDate(rules.fixedInstalmentReferenceDate)}, mediante una carencia total o parcial del capital, conforme al Código de Buenas Prácticas de 2022 para deudores hipotecarios en riesgo de vulnerabilidad (anexo del Real Decreto-ley 19/2022, de 22 de noviembre).`,
      `Ampliación del plazo de amortización en hasta ${years(rules.maxExtensionYears)}, sin que la duración total del préstamo supere los ${years(rules.maxTotalTermYears)} desde su concesión.`,
      'Conversión del préstamo a tipo de interés fijo, si su tipo es variable.',
    ];
  }
  const rules = RULES.code2012;
  const common = [
    `Ampliación del plazo de amortización en hasta ${years(rules.maxExtensionYears)}, sin que la duración total del préstamo supere los ${years(rules.maxTotalTermYears)} desde su concesión.`,
    'Inaplicación, con carácter indefinido, de las cláusulas limitativas de la bajada del tipo de interés (cláusulas suelo) que contenga el préstamo.',
    `Exención de la compensación o comisión por amortización anticipada durante ${years(rules.noEarlyRepaymentFeeYears)}.`,
  ];
  if (package2012 === 'short') {
    return [
      `Carencia en la amortización del capital durante ${years(rules.shortGraceYears)}, con la reducción del tipo de interés que el Código prevé cuando el esfuerzo hipotecario ha aumentado sin multiplicarse por ${formatNumber(rules.effortIncreaseRatio, 1)} y no concurre una circunstancia de especial vulnerabilidad, conforme al apartado 1 del Código de Buenas Prácticas de 2012 (anexo del Real Decreto-ley 6/2012, de 9 de marzo, en la redacción del Real Decreto-ley 19/2022, de 22 de noviembre).`,
      ...common,
    ];
  }
  return [
    `Carencia en la amortización del capital durante ${years(rules.graceYears)}, con un tipo de interés durante la carencia igual al ${euriborPlus(rules.graceRateEuriborSpreadPoints)}${euriborInForceText(euribor, rules.graceRateEuriborSpreadPoints)}, conforme al apartado 1 del Código de Buenas Prácticas de 2012 (anexo del Real Decreto-ley 6/2012, de 9 de marzo, en la redacción del Real Decreto-ley 19/2022, de 22 de noviembre).`,
    `Subsidiariamente, si esa entidad entendiera que el esfuerzo hipotecario no se ha multiplicado por ${formatNumber(rules.effortIncreaseRatio, 1)} ni concurre una circunstancia de especial vulnerabilidad, la carencia de ${years(rules.shortGraceYears)} que el Código prevé para ese caso.`,
    ...common,
  ];
}

/** One annex as the letter lists it and the merged PDF heads its pages. */
export interface AnnexEntry {
  number: number;
  nombre: string;
  /** 'Titular 1', 'Miembro 1', 'Hipoteca', 'Obtenido con Cl@ve'. */
  persona: string;
}

export function annexTitle(annex: AnnexEntry): string {
  return `Anexo ${String(annex.number)}: ${annex.nombre} (${annex.persona})`;
}

/**
 * The client's signature under the letter: the one drawn or typed when the contract was signed
 * (`kept`), or, for a contract signed before signatures were kept (`kept` null), the evidence of
 * that signature.
 */
export interface LetterSignature {
  signedAt: Date;
  /** SHA-256 of the signed contract's evidence PDF. */
  contractSha256: string;
  kept: ContractSignature | null;
}

export interface LetterInput {
  /** The case (lead id): the firm's reference. */
  caseReference: string;
  /** The sending day in Spain (ISO): the letter's date and the day whose law applies. */
  day: string;
  /** The bank's name. */
  bank: string;
  code: SubmissionCode;
  measures: readonly string[];
  /** The finished review; names and contact fall back to the lead's. */
  review: ReviewForm;
  /**
   * The circumstances of special vulnerability of the case's latest calculation; null when it
   * did not ask about them (the letter then says nothing of them).
   */
  circunstancias: HouseholdCircumstances | null;
  client: { nombre: string; apellidos: string; email: string; telefono: string };
  annexes: readonly AnnexEntry[];
  signature: LetterSignature;
  firm: FirmIdentity & { phone: string };
  /**
   * When the file goes in several numbered parts, one sentence per part ('Parte 1 de 3: esta
   * carta y los anexos 1 a 4.'); empty when it is one file.
   */
  parts: readonly string[];
}

const INCOME_LABELS = new Map<string, string>(
  INCOME_TYPE_OPTIONS.map((option) => [option.value, option.label]),
);
const RELATIONSHIP_LABELS = new Map<string, string>(
  RELATIONSHIP_OPTIONS.map((option) => [option.value, option.label]),
);

/** '612345678' → '612 345 678'; anything else as written. */
function formatPhone(phone: string): string {
  return /^\d{9}$/.test(phone) ? phone.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3') : phone;
}

const filled = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '';

/** Instalment over monthly net income, percent; undefined when either is unknown or zero. */
function effortPercent(instalment: number | undefined, annualNet: number | undefined) {
  if (instalment === undefined || annualNet === undefined || annualNet <= 0) return undefined;
  return (instalment * 100) / (annualNet / 12);
}

/** The figures of the review that were given, each as a field of the letter. */
function presentFields(fields: [string, string | number | undefined, (value: number) => string][]) {
  return fields.flatMap(([label, value, format]) => {
    if (value === undefined || value === '') return [];
    return [[label, typeof value === 'number' ? format(value) : value] as const];
  });
}

/** The circumstances the calculation recorded, when any applies. */
function writeCircumstances(pdf: PdfWriter, circumstances: HouseholdCircumstances | null): void {
  const apply = circumstancesThatApply(circumstances ?? undefined);
  if (circumstances === null || apply.length === 0) return;
  pdf.space(4);
  pdf.text(
    'Circunstancias de especial vulnerabilidad (artículo 3.1.b del Real Decreto-ley 6/2012) que concurren en la unidad familiar:',
  );
  for (const id of apply) {
    const statement = CIRCUMSTANCE_TEXTS[id].statement;
    const when =
      circumstances[id] === 'reciente'
        ? 'surgida en los últimos cuatro años'
        : 'existente desde antes de los últimos cuatro años';
    pdf.bullet(`${statement.charAt(0).toUpperCase()}${statement.slice(1)} (${when}).`);
  }
}

function writeHousehold(pdf: PdfWriter, review: ReviewForm): void {
  pdf.field('Titulares de la hipoteca', String(review.numeroTitulares));
  pdf.field('Miembros de la unidad familiar', String(review.miembrosUnidadFamiliar));
  for (const person of reviewPersons(review.numeroTitulares, review.miembrosUnidadFamiliar)) {
    const label = person.isHolder
      ? `Titular ${String(person.index)}`
      : `Miembro ${String(person.index - review.numeroTitulares)}`;
    const income = review[person.ingresosKey];
    const relation = person.relacionKey === null ? undefined : review[person.relacionKey];
    const parts = [
      ...(relation === undefined ? [] : [RELATIONSHIP_LABELS.get(relation) ?? relation]),
      `ingresos: ${income === undefined ? 'no indicados' : (INCOME_LABELS.get(income) ?? income)}`,
    ];
    const text = parts.join(', ');
    pdf.field(label, text.charAt(0).toUpperCase() + text.slice(1));
  }
}

function writeMortgage(pdf: PdfWriter, input: LetterInput): void {
  const { review } = input;
  pdf.field('Entidad', input.bank);
  const fields = presentFields([
    ['Capital pendiente', review.cantidadPorPagar, formatEuros],
    ['Cuota mensual actual', review.pagoMensualHipoteca, formatEuros],
    ['Cuota a 1 de junio de 2022', review.cuotaJunio2022, formatEuros],
    ['Cuota de hace cuatro años', review.cuotaHace4Anos, formatEuros],
    ['Tipo de interés anual', review.interesAnual, (value) => formatPercent(value, 2)],
    ['Plazo original', review.plazoOriginalHipoteca, years],
    [
      'Fecha de vencimiento',
      review.fechaVencimiento === undefined ? undefined : formatDate(review.fechaVencimiento),
      String,
    ],
  ]);
  for (const [label, value] of fields) pdf.field(label, value);
}

function writeIncome(pdf: PdfWriter, review: ReviewForm): void {
  const now = effortPercent(review.pagoMensualHipoteca, review.ingresosNetosAnuales);
  const before = effortPercent(review.cuotaHace4Anos, review.ingresosHace4Anos);
  const fields = presentFields([
    ['Ingresos brutos anuales de la unidad familiar', review.ingresosBrutosAnuales, formatEuros],
    ['Ingresos netos anuales de la unidad familiar', review.ingresosNetosAnuales, formatEuros],
    ['Ingresos netos de hace cuatro años', review.ingresosHace4Anos, formatEuros],
    ['Esfuerzo hipotecario actual', now, (value) => formatPercent(value, 2)],
    ['Esfuerzo hipotecario hace cuatro años', before, (value) => formatPercent(value, 2)],
  ]);
  for (const [label, value] of fields) pdf.field(label, value);
  if (now !== undefined) {
    pdf.text(
      'El esfuerzo hipotecario es la cuota mensual sobre los ingresos netos mensuales de la unidad familiar (ingresos netos anuales entre doce).',
      { muted: true, size: 9 },
    );
  }
}

function writeManager(pdf: PdfWriter, review: ReviewForm, heading: string): boolean {
  const name = [review.gestorNombre, review.gestorApellidos].filter(filled).join(' ');
  const fields: [string, string][] = [
    ...(name === '' ? [] : [['Nombre y apellidos', name] as [string, string]]),
    ...(filled(review.gestorEmail)
      ? [['Correo electrónico', review.gestorEmail] as [string, string]]
      : []),
    ...(filled(review.gestorTelefono)
      ? [['Teléfono', formatPhone(review.gestorTelefono)] as [string, string]]
      : []),
    ...(filled(review.gestorDireccion)
      ? [['Dirección', review.gestorDireccion] as [string, string]]
      : []),
  ];
  if (fields.length === 0) return false;
  pdf.heading(heading);
  pdf.text(
    'El solicitante indica la siguiente persona gestora, que puede recibir comunicaciones sobre esta solicitud:',
  );
  for (const [label, value] of fields) pdf.field(label, value);
  return true;
}

async function writeSignature(pdf: PdfWriter, signature: LetterSignature, fullName: string) {
  const { kept } = signature;
  const signedOn = formatDate(signature.signedAt);
  let image: PDFImage | null = null;
  if (kept?.kind === 'drawn') {
    try {
      image = await pdf.embedPng(kept.png);
    } catch {
      // Checked when it was signed; if it no longer decodes, the evidence stands in for it.
      image = null;
    }
  }
  const caption = `Firma con la que el solicitante firmó el ${signedOn} el contrato de prestación de servicios y la autorización expresa al despacho.`;
  // The closing, the heading and the signature stay on one page.
  pdf.keepTogether(200);
  pdf.text('Atentamente,', { after: 4 });
  pdf.heading('Firma del solicitante');
  if (image !== null) {
    pdf.text(fullName, { font: 'bold', after: 6 });
    pdf.signatureImage(image, caption);
  } else if (kept?.kind === 'typed') {
    pdf.text(fullName, { font: 'bold', after: 6 });
    pdf.signatureName(kept.name, `${caption} Firma escrita: escribió su nombre.`);
  } else {
    pdf.text(
      `Firmado electrónicamente por ${fullName} el ${signedOn}, huella SHA-256 ${signature.contractSha256}.`,
    );
  }
}

/**
 * The application letter to the bank, in Spanish: the firm, the date, the subject under the code
 * that applies, the applicant and household, the mortgage and income figures, the measures
 * requested, the manager if any, the annexes and the signature. The annexes themselves are added
 * after it (see annexes.ts). The same input gives the same bytes.
 */
export async function applicationLetterPdf(input: LetterInput): Promise<GeneratedPdf> {
  const { firm, review, code } = input;
  const nombre = filled(review.nombre) ? review.nombre : input.client.nombre;
  const apellidos = filled(review.apellidos) ? review.apellidos : input.client.apellidos;
  const fullName = `${nombre} ${apellidos}`.trim();
  const title = `Solicitud de aplicación del ${CODE_NAMES[code]}`;
  // Only a bank of the adherence list is said to adhere; one typed by hand may not.
  const adhered = filled(review.bancoHipoteca) && findBank(review.bancoHipoteca) !== undefined;
  const date = new Date(`${input.day}T12:00:00Z`);
  const pdf = await PdfWriter.create({
    title,
    author: firm.legalName,
    subject: `Expediente ${input.caseReference}: solicitud a ${input.bank}`,
    keywords: ['Código de Buenas Prácticas', 'solicitud', input.bank, input.caseReference],
    creator: firm.name,
    date,
  });

  pdf.text(firm.legalName, { font: 'bold', after: 1 });
  pdf.text(
    `NIF ${firm.nif} · ${formatPostalAddress(firm.address)} · Tel. ${firm.phone} · ${firm.email}`,
    { muted: true, size: 9, after: 14 },
  );
  pdf.text(`${firm.address.city}, ${formatLongDate(input.day)}`, { after: 12 });
  pdf.text('A la atención de:', { muted: true, size: 9, after: 1 });
  pdf.text(input.bank, { font: 'bold', after: 14 });

  pdf.title(title);
  pdf.text(`Expediente ${input.caseReference}`, { muted: true, size: 9, after: 8 });
  pdf.field('Asunto', `Solicitud de aplicación del ${CODE_TITLES[code]}.`);
  pdf.space(6);
  pdf.text('Muy señores nuestros:', { after: 6 });
  pdf.text(
    `${firm.legalName}, con NIF ${firm.nif} y domicilio en ${formatPostalAddress(firm.address)}, en nombre de ${fullName}, en virtud de la autorización expresa que el solicitante le otorgó al contratar sus servicios, presenta ante esa entidad${adhered ? ', adherida al Código de Buenas Prácticas,' : ''} la solicitud de las medidas que se indican más abajo para el préstamo hipotecario sobre su vivienda habitual, con la documentación que se acompaña como anexos.`,
    { after: 6 },
  );

  pdf.heading('1. Datos del solicitante');
  pdf.field('Nombre y apellidos', fullName);
  if (filled(review.domicilio)) pdf.field('Domicilio', review.domicilio);
  pdf.field(
    'Teléfono',
    formatPhone(filled(review.telefono) ? review.telefono : input.client.telefono),
  );
  pdf.field('Correo electrónico', filled(review.email) ? review.email : input.client.email);

  pdf.heading('2. Unidad familiar');
  writeHousehold(pdf, review);
  writeCircumstances(pdf, input.circunstancias);

  pdf.heading('3. Préstamo hipotecario');
  writeMortgage(pdf, input);

  pdf.heading('4. Situación económica');
  writeIncome(pdf, review);

  pdf.heading('5. Medidas que se solicitan');
  pdf.text(`Al amparo del ${CODE_NAMES[code]}, se solicita:`);
  for (const measure of input.measures) pdf.bullet(measure);

  const withManager = writeManager(pdf, review, '6. Datos del gestor');

  pdf.heading(`${withManager ? '7' : '6'}. Documentación que se acompaña`);
  for (const annex of input.annexes) pdf.bullet(annexTitle(annex));
  if (input.parts.length > 1) {
    pdf.space(4);
    pdf.text(
      `Por su tamaño, la documentación se presenta en ${String(input.parts.length)} archivos PDF numerados, esta carta al principio del primero:`,
    );
    for (const part of input.parts) pdf.bullet(part);
  }

  pdf.space(8);
  pdf.text(
    code === 'cbp2012'
      ? `Por lo expuesto, SOLICITA que se tenga por presentada esta solicitud con la documentación que la acompaña, que se apliquen las medidas indicadas y que se notifique al solicitante el plan de reestructuración en el plazo de ${months(RULES.bank.answerMonths)} desde su presentación, conforme al apartado 1 del Código.`
      : 'Por lo expuesto, SOLICITA que se tenga por presentada esta solicitud con la documentación que la acompaña y que se apliquen las medidas indicadas.',
    { after: 6 },
  );
  pdf.text(
    `Para cualquier comunicación sobre esta solicitud pueden dirigirse a ${firm.legalName}, en ${firm.email} o en el teléfono ${firm.phone}.`,
    { after: 6 },
  );

  await writeSignature(pdf, input.signature, fullName);

  return pdf.finish(`${firm.legalName} · Expediente ${input.caseReference}`);
}
