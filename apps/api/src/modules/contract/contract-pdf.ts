import {
  formatDate,
  formatEuros,
  formatPercent,
  NBSP,
  planVatBreakdown,
  RULES,
  SIGNATURE_DATA_URL_PREFIX,
  SIGNATURE_MESSAGES,
  signatureSchema,
  TERMS_PATH,
  type FirmIdentity,
  type PlanTerms,
} from '@cbp/core';
import type { PDFImage } from 'pdf-lib';
import {
  allConsentsAccepted,
  CONSENT_TITLES,
  CONSENTS_MISSING_MESSAGE,
  type ConsentRecord,
} from './consents';
import {
  checkCaseReference,
  checkClient,
  checkIpAddress,
  checkPaymentMethod,
  checkPlan,
  firmParty,
  instant,
  INPUT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  refuse,
  type ClientIdentity,
  type PaymentMethod,
} from './input';
import { PdfWriter, sha256Hex, type GeneratedPdf } from './pdf-layout';

export const CONTRACT_TITLE = 'Contrato de prestación de servicios y autorización expresa';

/**
 * How the person signed: a drawing made on the signature pad (a PNG data URL), or their name
 * typed because they could not draw (docs/decisions/0292-signature-pad.md).
 */
export type SignatureInput =
  { kind: 'drawn'; imageDataUrl: string } | { kind: 'typed'; name: string };

/** What every signed PDF records of its signing: the signature, when, from where, whose case. */
export interface SigningRecord {
  signature: SignatureInput;
  /** The moment of signing, ISO 8601 (written in the document in UTC). */
  signedAt: string;
  ipAddress: string;
  userAgent: string;
  /** The case the document belongs to: its lead id. */
  caseReference: string;
  /** The firm as a party (core's FIRM). */
  firm: FirmIdentity;
}

export interface ContractPdfInput extends SigningRecord {
  /** CONTRACT_TERMS_VERSION when the client signed. */
  termsVersion: string;
  /** The plan chosen, as RULES.plans holds it. */
  plan: PlanTerms;
  paymentMethod: PaymentMethod;
  /** Both consents with the exact text shown (see consentRecords). */
  consents: readonly ConsentRecord[];
  client: ClientIdentity;
}

export const SIGNATURE_INPUT_MESSAGES = {
  typedMissing: 'Escribe tu nombre para firmar',
  typedTooLong: 'El nombre escrito es demasiado largo',
  signedAt: 'La fecha y hora de la firma no es válida.',
} as const;

const TYPED_NAME_MAX_LENGTH = 200;

export interface CheckedSignature {
  kind: SignatureInput['kind'];
  /** The PNG file of a drawn signature. */
  png: Uint8Array | null;
  /** The typed name, composed (NFC) and trimmed. */
  typedName: string | null;
  /** SHA-256 of the PNG file, or of the typed name in UTF-8. */
  sha256: string;
}

/**
 * The SHA-256 the contract states for a signature: of the PNG file a drawn signature decodes to,
 * or of the typed name (NFC, trimmed) in UTF-8. Refuses an invalid signature in Spanish.
 */
export function signatureSha256(signature: SignatureInput): string {
  return checkSignature(signature).sha256;
}

/**
 * What is kept of a signature for the documents signed with it later (the application letter):
 * the PNG file of a drawn one, or the typed name (NFC, trimmed) in UTF-8. Its SHA-256 is
 * {@link signatureSha256}.
 */
export function signatureBytes(signature: SignatureInput): Uint8Array {
  const checked = checkSignature(signature);
  return checked.png ?? new TextEncoder().encode(checked.typedName ?? '');
}

/** The signature checked (refused in Spanish when invalid), with what the documents state of it. */
export function checkSignature(signature: SignatureInput): CheckedSignature {
  if (signature.kind === 'typed') {
    const name = signature.name.normalize('NFC').trim();
    if (name === '') refuse(SIGNATURE_INPUT_MESSAGES.typedMissing);
    if (name.length > TYPED_NAME_MAX_LENGTH) refuse(SIGNATURE_INPUT_MESSAGES.typedTooLong);
    return { kind: 'typed', png: null, typedName: name, sha256: sha256Hex(name) };
  }
  const parsed = signatureSchema.safeParse(signature.imageDataUrl);
  if (!parsed.success) refuse(parsed.error.issues[0]?.message ?? SIGNATURE_MESSAGES.invalid);
  const png = new Uint8Array(
    Buffer.from(parsed.data.slice(SIGNATURE_DATA_URL_PREFIX.length), 'base64'),
  );
  return { kind: 'drawn', png, typedName: null, sha256: sha256Hex(png) };
}

/** The drawn signature's image in the document; null for a typed one. Refuses one that does not decode. */
export async function embedSignature(
  pdf: PdfWriter,
  signature: CheckedSignature,
): Promise<PDFImage | null> {
  if (signature.png === null) return null;
  try {
    return await pdf.embedPng(signature.png);
  } catch {
    // The header looked like a PNG but the image data does not decode.
    return refuse(SIGNATURE_MESSAGES.invalid);
  }
}

export interface SignatureBlock {
  signatureHeading: string;
  evidenceHeading: string;
  signerName: string;
  /** Who signs, as the captions name them: 'el cliente', 'el declarante'. */
  signer: string;
  signature: CheckedSignature;
  image: PDFImage | null;
  signedAt: Date;
  ipAddress: string;
  userAgent: string;
  /** What else identifies the signed document, after the browser. */
  details: readonly (readonly [string, string])[];
  /** Other SHA-256 values the document states, each on its own line before the signature's. */
  hashes?: readonly (readonly [string, string])[];
}

/**
 * The signature and the evidence of a simple electronic signature, as every document signed in
 * the product writes them (docs/decisions/0481-signature-evidence.md): who signed and when, the
 * drawing or the typed name, then the type, the time, the IP address, the browser, the
 * document's details and the signature's SHA-256.
 */
export function writeSignatureAndEvidence(pdf: PdfWriter, block: SignatureBlock): void {
  const { signature, signedAt } = block;
  // The heading, the line above the signature and the signature itself stay on one page.
  pdf.keepTogether(190);
  pdf.heading(block.signatureHeading);
  pdf.text(`Firmado por ${block.signerName} el ${formatDate(signedAt)}.`, { after: 8 });
  if (block.image !== null) {
    pdf.signatureImage(block.image, `Firma dibujada por ${block.signer} en la pantalla.`);
  } else {
    pdf.signatureName(
      signature.typedName ?? block.signerName,
      `Firma escrita: ${block.signer} escribió su nombre en lugar de dibujar la firma.`,
    );
  }

  pdf.heading(block.evidenceHeading);
  pdf.text(
    'Firma electrónica simple, conforme al Reglamento (UE) n.º 910/2014 (eIDAS), artículos 3.10 y 25.1. Datos registrados en el momento de la firma:',
    { size: 9, after: 6 },
  );
  pdf.field(
    'Tipo de firma',
    signature.kind === 'drawn'
      ? 'Firma dibujada en la pantalla'
      : 'Firma escrita (nombre tecleado)',
  );
  pdf.field('Fecha y hora (UTC)', signedAt.toISOString());
  pdf.field('Dirección IP', block.ipAddress);
  pdf.field('Navegador (user agent)', block.userAgent.trim() === '' ? '—' : block.userAgent);
  for (const [label, value] of block.details) pdf.field(label, value);
  for (const [label, value] of block.hashes ?? []) pdf.stackedField(label, value, 'mono');
  pdf.stackedField(
    signature.kind === 'drawn'
      ? 'SHA-256 de la imagen de la firma'
      : 'SHA-256 del nombre escrito (UTF-8)',
    signature.sha256,
    'mono',
  );
  pdf.space(4);
  pdf.text(
    'La huella SHA-256 de este documento se anota en el registro de auditoría del despacho, que no admite cambios ni borrados.',
    { muted: true, size: 9 },
  );
}

const count = (value: number, singular: string, plural: string) =>
  `${String(value)}${NBSP}${value === 1 ? singular : plural}`;
const calendarDays = (value: number) => count(value, 'día natural', 'días naturales');

interface MainTerms {
  maxServiceMonths: number;
  withdrawalCalendarDays: number;
  cureDays: number;
  moneyBackIfBankRejects: boolean;
}

/** The summary of the general terms, with the figures of the rule table. */
function mainTerms(rules: MainTerms, termsVersion: string): string[] {
  return [
    'El contrato empieza cuando el despacho recibe el pago: el pago único o, en el plan fraccionado, el pago inicial.',
    `Dura como máximo ${count(rules.maxServiceMonths, 'mes', 'meses')}. Termina antes si se alcanza el acuerdo con la entidad financiera o si se resuelve por un incumplimiento no subsanado.`,
    `Desistimiento: el cliente puede desistir del contrato, sin dar explicaciones y sin penalización, en un plazo de ${calendarDays(rules.withdrawalCalendarDays)} desde su celebración.`,
    ...(rules.moneyBackIfBankRejects
      ? [
          'Garantía de devolución: si la entidad financiera rechaza la solicitud, el despacho devuelve todo lo pagado y renuncia a las cuotas pendientes, salvo en los casos que excluyen las condiciones generales.',
        ]
      : []),
    `Incumplimiento: la parte que incumpla tiene ${calendarDays(rules.cureDays)} desde que se le comunica para subsanarlo; si no lo hace, el contrato queda resuelto.`,
    `Las condiciones generales completas, versión ${termsVersion}, están publicadas en la página ${TERMS_PATH} del sitio web del despacho y forman parte de este contrato.`,
  ];
}

/**
 * The signed contract as evidence of a simple electronic signature: parties, plan and price, the
 * main terms, both consents as shown, the signature and the data recorded when signing. The same
 * input always gives the same bytes (docs/decisions/0481-signature-evidence.md).
 */
export async function contractPdf(input: ContractPdfInput): Promise<GeneratedPdf> {
  const signature = checkSignature(input.signature);
  const signedAt = instant(input.signedAt, SIGNATURE_INPUT_MESSAGES.signedAt);
  const caseReference = checkCaseReference(input.caseReference);
  const client = checkClient(input.client);
  const plan = checkPlan(input.plan);
  const method = checkPaymentMethod(input.paymentMethod);
  const ipAddress = checkIpAddress(input.ipAddress);
  const termsVersion = input.termsVersion.trim();
  if (termsVersion === '') refuse(INPUT_MESSAGES.termsVersion);
  if (!allConsentsAccepted(input.consents)) refuse(CONSENTS_MISSING_MESSAGE);
  const { firm } = input;

  const pdf = await PdfWriter.create({
    title: CONTRACT_TITLE,
    author: firm.legalName,
    subject: `Expediente ${caseReference}: ${plan.nombre}`,
    keywords: ['contrato', 'firma electrónica simple', 'Código de Buenas Prácticas', caseReference],
    creator: firm.name,
    date: signedAt,
  });
  const image = await embedSignature(pdf, signature);

  pdf.title(CONTRACT_TITLE);
  pdf.text(
    `Expediente ${caseReference} · Firmado el ${formatDate(signedAt)} · Condiciones generales, versión ${termsVersion}`,
    { muted: true, size: 9, after: 6 },
  );

  pdf.heading('1. Partes');
  pdf.field('El despacho', `${firmParty(firm)}. Correo electrónico: ${firm.email}.`);
  pdf.field('El cliente', `${client.fullName}, con correo electrónico ${client.email}.`);
  pdf.text(
    'El cliente contrata como consumidor los servicios jurídicos del despacho para que solicite en su nombre, ante su entidad financiera, las medidas del Código de Buenas Prácticas para deudores hipotecarios.',
  );

  pdf.heading('2. Plan contratado y precio');
  const price = planVatBreakdown(plan);
  pdf.field('Plan', plan.nombre);
  pdf.field('Precio total', `${formatEuros(price.total)} (IVA incluido)`);
  pdf.field('Base imponible', formatEuros(price.base));
  pdf.field(`IVA (${formatPercent(price.ratePercent, 0)})`, formatEuros(price.vat));
  pdf.field(
    'Cómo se paga',
    plan.cuotas > 0
      ? `Pago inicial de ${formatEuros(plan.pago_inicial)} y ${count(plan.cuotas, 'cuota mensual', 'cuotas mensuales')} de ${formatEuros(plan.pago_mensual)}`
      : `Un único pago de ${formatEuros(plan.precio)}`,
  );
  pdf.field('Medio de pago', PAYMENT_METHOD_LABELS[method]);
  pdf.text(
    plan.cuotas > 0
      ? 'Los precios son finales e incluyen el IVA. La base imponible y el IVA son la suma de los de cada pago, tal como figuran en sus recibos.'
      : 'Los precios son finales e incluyen el IVA.',
    { muted: true, size: 9 },
  );

  pdf.heading('3. Condiciones principales');
  const terms = mainTerms(
    { ...RULES.contract, moneyBackIfBankRejects: RULES.plans.moneyBackIfBankRejects },
    termsVersion,
  );
  for (const term of terms) pdf.bullet(term);

  pdf.heading('4. Consentimientos');
  for (const consent of input.consents) {
    pdf.text(CONSENT_TITLES[consent.id], { font: 'bold', after: 1 });
    pdf.text(`«${consent.text.trim()}»`, { after: 1 });
    pdf.text(consent.accepted ? 'Aceptado: sí.' : 'Aceptado: no.', {
      muted: true,
      size: 9,
      after: 6,
    });
  }

  writeSignatureAndEvidence(pdf, {
    signatureHeading: '5. Firma del cliente',
    evidenceHeading: '6. Evidencias de la firma electrónica',
    signerName: client.fullName,
    signer: 'el cliente',
    signature,
    image,
    signedAt,
    ipAddress,
    userAgent: input.userAgent,
    details: [
      ['Versión de las condiciones', termsVersion],
      ['Referencia del expediente', caseReference],
    ],
  });

  return pdf.finish(
    `${firm.legalName} · NIF ${firm.nif} · Expediente ${caseReference} · Condiciones ${termsVersion}`,
  );
}
