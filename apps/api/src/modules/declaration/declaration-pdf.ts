import { formatDate } from '@cbp/core';
import {
  checkSignature,
  embedSignature,
  SIGNATURE_INPUT_MESSAGES,
  writeSignatureAndEvidence,
  type SigningRecord,
} from '../contract/contract-pdf';
import { checkCaseReference, checkIpAddress, instant } from '../contract/input';
import { PdfWriter, type GeneratedPdf } from '../contract/pdf-layout';
import { DECLARATION_TITLE, declarationText, type DeclarationFacts } from './facts';

export interface DeclarationPdfInput extends SigningRecord {
  facts: DeclarationFacts;
  /** SHA-256 of the facts, written among the evidence. */
  factsSha256: string;
  /** The day of signing in Spain (ISO): the declaration's date. */
  day: string;
}

/**
 * The signed declaración responsable (RDL 6/2012, art. 3.3.d): the statements written from the
 * finished review and the latest calculation, then the signature and its evidence exactly as the
 * contract writes them. The same input always gives the same bytes.
 */
export async function declarationPdf(input: DeclarationPdfInput): Promise<GeneratedPdf> {
  const signature = checkSignature(input.signature);
  const signedAt = instant(input.signedAt, SIGNATURE_INPUT_MESSAGES.signedAt);
  const caseReference = checkCaseReference(input.caseReference);
  const ipAddress = checkIpAddress(input.ipAddress);
  const { facts, firm } = input;
  const text = declarationText(facts, input.day);

  const pdf = await PdfWriter.create({
    title: DECLARATION_TITLE,
    author: facts.declarante,
    subject: `Expediente ${caseReference}: declaración responsable del artículo 3.3.d) del Real Decreto-ley 6/2012`,
    keywords: ['declaración responsable', 'Real Decreto-ley 6/2012', caseReference],
    creator: firm.name,
    date: signedAt,
  });
  const image = await embedSignature(pdf, signature);

  pdf.title(DECLARATION_TITLE);
  pdf.text(
    'Artículo 3.3.d) del Real Decreto-ley 6/2012, de 9 de marzo, de medidas urgentes de protección de deudores hipotecarios sin recursos',
    { muted: true, size: 9, after: 2 },
  );
  pdf.text(`Expediente ${caseReference} · Firmada el ${formatDate(signedAt)}`, {
    muted: true,
    size: 9,
    after: 10,
  });
  pdf.text(text.intro, { after: 8 });
  text.statements.forEach((statement, index) => {
    pdf.text(`${String(index + 1)}. ${statement.text}`, {
      after: statement.items.length > 0 ? 2 : 6,
    });
    for (const item of statement.items) pdf.bullet(item);
    if (statement.items.length > 0) pdf.space(4);
  });
  pdf.text(text.closing, { after: 6 });

  writeSignatureAndEvidence(pdf, {
    signatureHeading: 'Firma de quien declara',
    evidenceHeading: 'Evidencias de la firma electrónica',
    signerName: facts.declarante,
    signer: 'quien declara',
    signature,
    image,
    signedAt,
    ipAddress,
    userAgent: input.userAgent,
    details: [['Referencia del expediente', caseReference]],
    hashes: [['SHA-256 de los datos declarados', input.factsSha256]],
  });

  return pdf.finish(`${DECLARATION_TITLE} · ${facts.declarante} · Expediente ${caseReference}`);
}
