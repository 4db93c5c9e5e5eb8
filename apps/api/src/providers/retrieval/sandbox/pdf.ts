const TITLES: Record<string, string> = {
  AEAT_100_RENTA: 'Declaración del IRPF (modelo 100)',
  AEAT_CERT_IRPF: 'Certificado de imputaciones del IRPF',
  SEG_SOCIAL_CERT_INTEGRAL_PRESTACIONES:
    'Certificado integral de prestaciones de la Seguridad Social',
};

export function sampleDocumentName(type: string, year: number | null): string {
  const title = TITLES[type] ?? type;
  return year === null ? title : `${title} ${String(year)}`;
}

/** A one-page PDF that says plainly it is a sample and not an official document. */
export async function samplePdf(
  type: string,
  year: number | null,
  createdAt: Date,
): Promise<Buffer> {
  // Loaded on first use: the server starts without it (it only serves the sandbox's samples).
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${sampleDocumentName(type, year)} (ejemplo)`);
  pdf.setLanguage('es-ES');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  const lines: [string, number, typeof font][] = [
    ['DOCUMENTO DE EJEMPLO', 20, bold],
    [sampleDocumentName(type, year), 14, bold],
    ['Este documento lo ha generado el entorno de pruebas del servicio.', 11, font],
    ['No es un documento oficial ni contiene datos de ninguna persona.', 11, font],
    [`Modelo: ${type}${year === null ? '' : `, ejercicio ${String(year)}`}`, 11, font],
    [`Fecha de generación: ${createdAt.toISOString().slice(0, 10)}`, 11, font],
  ];
  let y = 780;
  for (const [text, size, face] of lines) {
    page.drawText(text, { x: 50, y, size, font: face, color: rgb(0.1, 0.1, 0.1) });
    y -= size + 14;
  }
  return Buffer.from(await pdf.save());
}
