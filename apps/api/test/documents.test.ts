import {
  DOCUMENT_MESSAGES,
  documentsOverviewResponseSchema,
  fileTooLargeMessage,
  quotaReachedMessage,
  RULES,
  UPLOAD_PATH,
  uploadResultSchema,
} from '@cbp/core';
import { and, eq } from 'drizzle-orm';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { auditLog, caseSubmissions, documents, leads, sessions } from '../src/db/schema';
import { runMaintenance } from '../src/maintenance';
import { saveCaseFile } from '../src/modules/documents/files';
import { UPLOAD_MESSAGES } from '../src/modules/documents/content';
import { documentsStepFrom } from '../src/modules/documents/service';
import { createUploadStaging, STAGING_DIR } from '../src/providers/storage/upload-staging';
import { TUS_MESSAGES } from '../src/modules/documents/upload/relay';
import { field, passingLead, readMailbox, serverFor, text, variants } from './helpers';
import {
  base64,
  createUpload as startUpload,
  download as downloadFile,
  interruptedPatch,
  makeEncryptedPdf,
  makePdf,
  metadataHeader,
  tusRequest,
  type TusRequestInit,
  tusUpload as sendWithTus,
} from './uploads';

async function photoWithGps(): Promise<Buffer> {
  return sharp({
    create: { width: 60, height: 30, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .jpeg()
    .withExifMerge({
      IFD0: { Make: 'CamaraSecreta' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' },
    })
    .toBuffer();
}

describe.each(variants)('the client’s documents on $name', (variant) => {
  const server = serverFor(variant);

  async function newClient() {
    const created = await server().request('/api/leads', { json: passingLead() });
    expect(created.status).toBe(201);
    return {
      leadId: text(created.body, 'data', 'id'),
      token: text(created.body, 'session', 'access_token'),
    };
  }

  const tusUpload = (
    token: string,
    body: Buffer,
    metadata: Record<string, string>,
    options?: { chunkSize?: number; uploadUrl?: string },
  ) => sendWithTus(server(), token, body, metadata, options);
  const tus = (token: string | undefined, pathname: string, init: TusRequestInit) =>
    tusRequest(server(), token, pathname, init);
  const createUpload = (token: string, size: number, documentId?: string) =>
    startUpload(server(), token, size, documentId);
  const download = (token: string, fileId: string) => downloadFile(server(), token, fileId);

  async function stagedFiles(): Promise<string[]> {
    const directory = path.join(server().ctx.config.dataDir, STAGING_DIR);
    return (await readdir(directory)).filter((name) => name !== 'copias');
  }

  async function overview(token: string) {
    const response = await server().request('/api/documents', { token });
    expect(response.status).toBe(200);
    return documentsOverviewResponseSchema.parse(response.body).data;
  }

  async function progressOf(token: string) {
    const response = await server().request('/api/case/progress', { token });
    const pasos = field(response.body, 'data', 'pasos') as { id: string; estado: string }[];
    return pasos.find((paso) => paso.id === 'obtener-documentos')?.estado;
  }

  it('asks for a session on every upload and documents request', async () => {
    const created = await tus(undefined, UPLOAD_PATH, {
      method: 'POST',
      headers: {
        'Upload-Length': '10',
        'Upload-Metadata': metadataHeader('1/dni-nie', 'dni.pdf'),
      },
    });
    expect(created.status).toBe(401);
    expect(created.body).toEqual({
      message: 'Falta la cabecera Authorization con el token de acceso.',
    });
    const someUpload = `${UPLOAD_PATH}/${'a'.repeat(32)}`;
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      const response = await tus(undefined, someUpload, {
        method,
        headers: { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      });
      expect({ method, status: response.status }).toEqual({ method, status: 401 });
    }
    for (const pathname of [
      '/api/documents',
      `/api/documents/files/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/content`,
    ]) {
      expect((await server().request(pathname)).status).toBe(401);
    }
    expect((await server().request('/api/documents/entrega', { json: {} })).status).toBe(401);
  });

  it('stores a PDF sent in several PATCHes, lists it, and downloads it byte for byte', async () => {
    const client = await newClient();
    expect(await progressOf(client.token)).toBe('no-empezado');
    const pdf = await makePdf(40);
    const result = await tusUpload(
      client.token,
      pdf,
      { documentId: '1/certificado-renta-aeat', filename: 'Nómina marzo' },
      { chunkSize: Math.ceil(pdf.length / 3) },
    );
    expect(result.status).toBe(200);
    const { documento } = uploadResultSchema.parse(result.body).data;
    expect(documento).toMatchObject({
      id: '1/certificado-renta-aeat',
      nombre: 'Certificado de rentas de la AEAT (últimos cuatro ejercicios)',
      estado: 'pendiente',
      motivoRechazo: null,
      archivo: { name: 'Nómina marzo.pdf', size: pdf.length, mimeType: 'application/pdf' },
    });

    const listed = await overview(client.token);
    expect(listed.checklist.holders['1']?.laboral[0]).toEqual(documento);
    expect(listed.entregadoEn).toBeNull();
    expect(await progressOf(client.token)).toBe('en-curso');

    const fileId = documento.archivo?.id ?? '';
    const { response, bytes } = await download(client.token, fileId);
    expect(response.status).toBe(200);
    expect(bytes.equals(pdf)).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Nomina marzo.pdf"; filename*=UTF-8''N%C3%B3mina%20marzo.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(response.headers.get('cache-control')).toBe('private, no-store');

    // The staged upload is gone once stored, and the audit log has the upload.
    expect(await stagedFiles()).toEqual([]);
    const [entry] = await server()
      .ctx.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'documents.uploaded'), eq(auditLog.subjectId, fileId)));
    expect(entry).toMatchObject({ actorKind: 'cliente', subjectType: 'document' });
  });

  it('resumes an interrupted upload from the offset HEAD reports', async () => {
    const client = await newClient();
    const pdf = await makePdf(60);
    const location = await createUpload(client.token, pdf.length);
    const half = Math.floor(pdf.length / 2);
    const first = await tus(client.token, location, {
      method: 'PATCH',
      headers: { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: pdf.subarray(0, half),
    });
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    expect(first.headers.get('upload-expires')).not.toBeNull();

    // The connection drops in the middle of the next PATCH.
    const cut = half + Math.floor((pdf.length - half) / 2);
    await interruptedPatch(server(), client.token, location, pdf, half, cut);

    let offset = -1;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const head = await tus(client.token, location, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-length')).toBe(String(pdf.length));
      expect(head.headers.get('cache-control')).toBe('no-store');
      offset = Number(head.headers.get('upload-offset'));
      if (offset > half) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(offset).toBeGreaterThan(half);
    expect(offset).toBeLessThanOrEqual(cut);

    const resumed = await tusUpload(
      client.token,
      pdf,
      { documentId: '1/certificado-renta-aeat', filename: 'nomina.pdf' },
      { uploadUrl: `${server().url}${location}` },
    );
    expect(resumed.status).toBe(200);
    const fileId = uploadResultSchema.parse(resumed.body).data.documento.archivo?.id ?? '';
    expect((await download(client.token, fileId)).bytes.equals(pdf)).toBe(true);
    expect(await stagedFiles()).toEqual([]);
  });

  it('refuses a file that is not really a PDF, with the Spanish reason, and lists nothing', async () => {
    const client = await newClient();
    const fake = Buffer.from('Esto no es un PDF, aunque se llame así.\n'.repeat(20));
    const result = await tusUpload(client.token, fake, {
      documentId: '1/dni-nie',
      filename: 'dni.pdf',
    });
    expect(result).toMatchObject({
      status: 422,
      body: { message: UPLOAD_MESSAGES.unsupportedType },
    });
    const damaged = await tusUpload(client.token, Buffer.from('%PDF-1.7\nroto'), {
      documentId: '1/dni-nie',
      filename: 'dni.pdf',
    });
    expect(damaged).toMatchObject({
      status: 422,
      body: { message: UPLOAD_MESSAGES.unreadablePdf },
    });

    const listed = await overview(client.token);
    expect(listed.checklist.holders['1']?.personal[0]).toMatchObject({
      id: '1/dni-nie',
      archivo: null,
    });
    const rows = await server()
      .ctx.db.select()
      .from(documents)
      .where(eq(documents.leadId, client.leadId));
    expect(rows).toEqual([]);
    expect(await stagedFiles()).toEqual([]);
    const refusals = await server()
      .ctx.db.select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'documents.upload_refused'), eq(auditLog.subjectId, client.leadId)),
      );
    expect(refusals.map((row) => row.after)).toEqual([
      { documento: '1/dni-nie', motivo: 'unsupported-type' },
      { documento: '1/dni-nie', motivo: 'unreadable-pdf' },
    ]);
    expect(await progressOf(client.token)).toBe('no-empezado');
  });

  it('refuses a password-protected PDF', async () => {
    const client = await newClient();
    const result = await tusUpload(client.token, await makeEncryptedPdf(), {
      documentId: 'hipoteca/escritura-hipoteca',
      filename: 'escritura.pdf',
    });
    expect(result).toMatchObject({ status: 422, body: { message: UPLOAD_MESSAGES.encryptedPdf } });
  });

  it('refuses a file above 50 MB when the upload starts, and bytes beyond the declared length', async () => {
    const client = await newClient();
    const tooLarge = await tus(client.token, UPLOAD_PATH, {
      method: 'POST',
      headers: {
        'Upload-Length': String(RULES.documents.maxFileBytes + 1),
        'Upload-Metadata': metadataHeader('hipoteca/escritura-hipoteca', 'escritura.pdf'),
      },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: fileTooLargeMessage('escritura.pdf') });
    expect(tooLarge.body).toEqual({
      message: 'El archivo escritura.pdf excede el límite de 50MB',
    });

    const location = await createUpload(client.token, 10);
    const beyond = await tus(client.token, location, {
      method: 'PATCH',
      headers: { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: Buffer.alloc(20, 0x41),
    });
    // Its own message: the file is not above 50 MB, the request sent more than it announced.
    expect(beyond.status).toBe(413);
    expect(beyond.body).toEqual({ message: TUS_MESSAGES.pastDeclaredLength });
    const head = await tus(client.token, location, { method: 'HEAD' });
    expect(head.headers.get('upload-offset')).toBe('0');
    expect((await tus(client.token, location, { method: 'DELETE' })).status).toBe(204);
  });

  it('checks the metadata: the document must be on the case’s list and the file named', async () => {
    const client = await newClient();
    const cases: [string | undefined, number, string][] = [
      [metadataHeader('2/dni-nie', 'dni.pdf'), 400, DOCUMENT_MESSAGES.unknownDocument],
      [metadataHeader('1/pasaporte', 'dni.pdf'), 400, DOCUMENT_MESSAGES.unknownDocument],
      [`documentId ${base64('1/dni-nie')}`, 400, 'Falta el nombre del archivo'],
      ['documentId ###', 400, TUS_MESSAGES.invalidMetadata],
      [undefined, 400, DOCUMENT_MESSAGES.unknownDocument],
    ];
    for (const [header, status, message] of cases) {
      const response = await tus(client.token, UPLOAD_PATH, {
        method: 'POST',
        headers: {
          'Upload-Length': '100',
          ...(header === undefined ? {} : { 'Upload-Metadata': header }),
        },
      });
      expect({ header, status: response.status, body: response.body }).toEqual({
        header,
        status,
        body: { message },
      });
    }
    const noProtocol = await server().request(UPLOAD_PATH, {
      method: 'POST',
      token: client.token,
      headers: {
        'Upload-Length': '100',
        'Upload-Metadata': metadataHeader('1/dni-nie', 'dni.pdf'),
      },
    });
    expect(noProtocol).toMatchObject({ status: 412, body: { message: TUS_MESSAGES.protocol } });
    expect(await stagedFiles()).toEqual([]);
  });

  it('re-encodes a JPEG without its EXIF, keeping the person’s file name', async () => {
    const client = await newClient();
    const photo = await photoWithGps();
    expect(photo.includes(Buffer.from('CamaraSecreta'))).toBe(true);
    const result = await tusUpload(client.token, photo, {
      documentId: '1/dni-nie',
      filename: 'DNI delante.JPEG',
    });
    expect(result.status).toBe(200);
    const { archivo } = uploadResultSchema.parse(result.body).data.documento;
    expect(archivo).toMatchObject({ name: 'DNI delante.JPEG', mimeType: 'image/jpeg' });
    const { response, bytes } = await download(client.token, archivo?.id ?? '');
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(bytes.includes(Buffer.from('CamaraSecreta'))).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();

    // A PNG name on JPEG content is stored with the extension the content has.
    const renamed = await tusUpload(client.token, photo, {
      documentId: '1/dni-nie',
      filename: 'captura.png',
    });
    const replaced = uploadResultSchema.parse(renamed.body).data.documento.archivo;
    expect(replaced?.name).toBe('captura.jpg');
    // The first photo was superseded before any review: its bytes are deleted, its row stays
    // marked for the history, and its download says why it is gone.
    const [superseded] = await server()
      .ctx.db.select()
      .from(documents)
      .where(eq(documents.id, archivo?.id ?? ''));
    expect(superseded?.supersededAt).not.toBeNull();
    expect(superseded?.contentDeletedAt).not.toBeNull();
    expect(await server().ctx.storage.exists(superseded?.storageKey ?? '')).toBe(false);
    const gone = await download(client.token, archivo?.id ?? '');
    expect(gone.response.status).toBe(404);
    expect(JSON.parse(gone.bytes.toString('utf8'))).toEqual({
      message: DOCUMENT_MESSAGES.replacedAndDeleted,
    });
    const [deletion] = await server()
      .ctx.db.select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'documents.replaced_file_deleted'),
          eq(auditLog.subjectId, archivo?.id ?? ''),
        ),
      );
    expect(deletion?.after).toMatchObject({ documento: '1/dni-nie', sustituidoPor: replaced?.id });
  });

  it('keeps a replaced file the firm reviewed, or one that went in a sent file', async () => {
    const client = await newClient();
    const [user] = await server()
      .ctx.db.select({ id: sessions.userId })
      .from(sessions)
      .where(eq(sessions.leadId, client.leadId));
    const upload = async (documentId: string) => {
      const result = await tusUpload(client.token, await makePdf(), {
        documentId,
        filename: 'archivo.pdf',
      });
      expect(result.status).toBe(200);
      return uploadResultSchema.parse(result.body).data.documento.archivo?.id ?? '';
    };
    const reviewed = await upload('1/certificado-renta-aeat');
    await server()
      .ctx.db.update(documents)
      .set({ estado: 'rechazado', rejectReason: 'Ilegible', reviewedAt: new Date() })
      .where(eq(documents.id, reviewed));
    const sent = await upload('1/certificado-titularidades');
    // A file that was sent to the bank and then reopened by the firm.
    await server()
      .ctx.db.insert(caseSubmissions)
      .values({
        leadId: client.leadId,
        userId: user?.id ?? '',
        bank: 'Banco',
        code: 'cbp2022',
        measures: [],
        review: {},
        documents: [
          {
            id: '1/certificado-titularidades',
            nombre: 'Vida laboral',
            persona: 'Titular 1',
            fileId: sent,
          },
        ],
        storageKey: `${client.leadId}/envio-de-prueba`,
        sha256: '0'.repeat(64),
        bytes: 1,
        reopenedAt: new Date(),
      });
    await upload('1/certificado-renta-aeat');
    await upload('1/certificado-titularidades');
    for (const id of [reviewed, sent]) {
      const [row] = await server().ctx.db.select().from(documents).where(eq(documents.id, id));
      expect(row?.supersededAt).not.toBeNull();
      expect(row?.contentDeletedAt).toBeNull();
      expect(await server().ctx.storage.exists(row?.storageKey ?? '')).toBe(true);
      expect((await download(client.token, id)).response.status).toBe(200);
    }
  });

  it('stores nothing for an entry the household no longer has when the upload ends, however often it is retried', async () => {
    const client = await newClient();
    await server()
      .ctx.db.update(leads)
      .set({ numeroTitulares: 2 })
      .where(eq(leads.id, client.leadId));
    const pdf = await makePdf();
    const location = await createUpload(client.token, pdf.length, '2/dni-nie');
    // The household goes back to one holder while the file is on its way.
    await server()
      .ctx.db.update(leads)
      .set({ numeroTitulares: 1 })
      .where(eq(leads.id, client.leadId));
    const headers = { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' };
    const last = await tus(client.token, location, { method: 'PATCH', headers, body: pdf });
    expect(last).toMatchObject({
      status: 422,
      body: { message: DOCUMENT_MESSAGES.unknownDocument },
    });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const retry = await tus(client.token, location, {
        method: 'PATCH',
        headers: { ...headers, 'Upload-Offset': String(pdf.length) },
        body: new Uint8Array(0),
      });
      expect(retry).toMatchObject({
        status: 422,
        body: { message: DOCUMENT_MESSAGES.unknownDocument },
      });
    }
    const rows = await server()
      .ctx.db.select()
      .from(documents)
      .where(eq(documents.leadId, client.leadId));
    expect(rows).toEqual([]);
    const uploaded = await server()
      .ctx.db.select()
      .from(auditLog)
      .where(eq(auditLog.action, 'documents.uploaded'));
    expect(uploaded.filter((row) => JSON.stringify(row.after).includes(client.leadId))).toEqual([]);
    expect(await stagedFiles()).toEqual([]);
  });

  it('removes invisible, control and private-use characters from file names, and keeps the upload', async () => {
    const client = await newClient();
    const result = await tusUpload(client.token, await makePdf(), {
      documentId: 'hipoteca/escritura-compraventa',
      filename: 'nota\u2028simple\uE000\u202Efdp.pdf',
    });
    expect(result.status).toBe(200);
    const { archivo } = uploadResultSchema.parse(result.body).data.documento;
    expect(archivo?.name).toBe('notasimplefdp.pdf');
    const delivered = await server().request('/api/documents/entrega', {
      method: 'POST',
      token: client.token,
    });
    expect(delivered.status).toBe(200);
    const mail = (await readMailbox(server())).find((message) =>
      message.texto.includes(`/gestion/leads/${client.leadId}`),
    );
    expect(mail?.texto).toContain('Escritura de compraventa de la vivienda: notasimplefdp.pdf');
    for (const part of [mail?.texto ?? '', mail?.html ?? '', mail?.asunto ?? '']) {
      expect(part).not.toMatch(/[\u2028\u2029\u202A-\u202E\uE000-\uF8FF]/u);
    }
  });

  it('keeps each client’s uploads and files from the others: 404, as for unknown ids', async () => {
    const owner = await newClient();
    const other = await newClient();
    const pdf = await makePdf(2);
    const location = await createUpload(owner.token, pdf.length);
    const headers = { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' };
    const theirs = [
      await tus(other.token, location, { method: 'HEAD' }),
      await tus(other.token, location, { method: 'PATCH', headers, body: pdf }),
      await tus(other.token, location, { method: 'DELETE' }),
    ];
    expect(theirs.map((response) => response.status)).toEqual([404, 404, 404]);
    for (const response of theirs.slice(1)) {
      expect(response.body).toEqual({ message: TUS_MESSAGES.notFound });
    }
    const unknown = await tus(owner.token, `${UPLOAD_PATH}/${'f'.repeat(32)}`, { method: 'HEAD' });
    expect(unknown.status).toBe(404);
    // The owner's upload is untouched and completes.
    const mine = await tus(owner.token, location, { method: 'PATCH', headers, body: pdf });
    expect(mine.status).toBe(200);
    const fileId = uploadResultSchema.parse(mine.body).data.documento.archivo?.id ?? '';
    const stolen = await download(other.token, fileId);
    expect(stolen.response.status).toBe(404);
    expect(JSON.parse(stolen.bytes.toString('utf8'))).toEqual({
      message: DOCUMENT_MESSAGES.notFound,
    });
    const missing = await download(owner.token, '5f0c6d36-2c49-4f2b-9d1b-1a2b3c4d5e6f');
    expect(missing.response.status).toBe(404);
    const malformed = await server().request('/api/documents/files/no-es-un-id/content', {
      token: owner.token,
    });
    expect(malformed.status).toBe(400);
  });

  it('shows «Obtener Documentos» in progress again when the firm rejects a required file', async () => {
    const client = await newClient();
    const listed = await overview(client.token);
    const required = [
      ...listed.checklist.hogar,
      ...Object.values(listed.checklist.holders).flatMap((holder) => Object.values(holder).flat()),
      ...listed.checklist.hipoteca,
    ].filter((entry) => entry.necesario && entry.origen === 'subida');
    expect(required.length).toBeGreaterThan(0);
    const fileIds: string[] = [];
    for (const entry of required) {
      const result = await tusUpload(client.token, await makePdf(), {
        documentId: entry.id,
        filename: 'documento.pdf',
      });
      expect(result.status).toBe(200);
      fileIds.push(uploadResultSchema.parse(result.body).data.documento.archivo?.id ?? '');
    }
    expect(await progressOf(client.token)).toBe('completado');

    await server()
      .ctx.db.update(documents)
      .set({ estado: 'rechazado', rejectReason: 'Ilegible', reviewedAt: new Date() })
      .where(eq(documents.id, fileIds[0] ?? ''));
    expect(await progressOf(client.token)).toBe('en-curso');
  });

  it('finalizes: refuses with nothing uploaded, then records, audits and tells the firm', async () => {
    const client = await newClient();
    const empty = await server().request('/api/documents/entrega', {
      method: 'POST',
      token: client.token,
    });
    expect(empty).toMatchObject({
      status: 409,
      body: { message: DOCUMENT_MESSAGES.nothingToDeliver },
    });

    const uploaded = await tusUpload(client.token, await makePdf(), {
      documentId: 'hipoteca/escritura-compraventa',
      filename: 'nota simple.pdf',
    });
    expect(uploaded.status).toBe(200);
    expect(await progressOf(client.token)).toBe('en-curso');

    const delivered = await server().request('/api/documents/entrega', {
      method: 'POST',
      token: client.token,
    });
    expect(delivered.status).toBe(200);
    expect(field(delivered.body, 'message')).toBe('Documentación enviada correctamente');
    const faltan = field(delivered.body, 'data', 'faltan') as string[];
    // Without a review: the household's padrón, holder 1's DNI, Registry and AEAT certificates,
    // and the mortgage deed; never the declaración responsable, which the product prepares.
    expect(faltan).toHaveLength(5);
    expect(faltan).toContain('DNI/NIE (Titular 1)');
    expect(faltan).toContain('Escritura de la hipoteca');
    expect(faltan).not.toContain('Escritura de compraventa de la vivienda');
    expect(faltan).not.toContain('Declaración responsable');
    expect(await progressOf(client.token)).toBe('completado');
    expect((await overview(client.token)).entregadoEn).toBe(
      text(delivered.body, 'data', 'entregadoEn'),
    );

    const mail = (await readMailbox(server())).find(
      (message) =>
        message.para === server().ctx.config.firmEmail &&
        message.asunto.startsWith('Documentación entregada'),
    );
    expect(mail?.asunto).toContain('(faltan 5)');
    expect(mail?.texto).toContain('Escritura de compraventa de la vivienda: nota simple.pdf');
    expect(mail?.texto).toContain(`/gestion/leads/${client.leadId}`);
    const [entry] = await server()
      .ctx.db.select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'documents.delivered'), eq(auditLog.subjectId, client.leadId)),
      );
    expect(entry?.after).toMatchObject({ archivos: 1, faltan: 5 });
  });

  it('removes uploads left unfinished for more than a day', async () => {
    const client = await newClient();
    const location = await createUpload(client.token, 1000);
    const id = location.split('/').pop() ?? '';
    const directory = path.join(server().ctx.config.dataDir, STAGING_DIR);
    const info = path.join(directory, `${id}.json`);
    const stored = JSON.parse(await readFile(info, 'utf8')) as Record<string, unknown>;
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    await writeFile(info, JSON.stringify({ ...stored, creation_date: twoDaysAgo }));

    const expired = await tus(client.token, location, { method: 'HEAD' });
    expect(expired.status).toBe(410);
    await runMaintenance(server().ctx.db, server().ctx.uploads);
    expect(await stagedFiles()).toEqual([]);
    expect((await tus(client.token, location, { method: 'HEAD' })).status).toBe(404);
  });
});

describe('the storage quota of a case (PGlite)', () => {
  const [pglite] = variants;
  if (pglite === undefined) throw new Error('PGlite variant missing');
  const quota = { maxBytes: 4_000, maxFiles: 3 };
  const server = serverFor(pglite, { documentQuota: quota });
  const headers = { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' };

  async function newClient() {
    const created = await server().request('/api/leads', { json: passingLead() });
    return {
      leadId: text(created.body, 'data', 'id'),
      token: text(created.body, 'session', 'access_token'),
    };
  }

  function tus(
    token: string,
    pathname: string,
    init: { method: string; headers?: Record<string, string>; body?: Uint8Array },
  ) {
    return server().request(pathname, {
      method: init.method,
      token,
      headers: { 'Tus-Resumable': '1.0.0', ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
  }

  function create(token: string, size: number, documentId: string) {
    return tus(token, UPLOAD_PATH, {
      method: 'POST',
      headers: {
        'Upload-Length': String(size),
        'Upload-Metadata': metadataHeader(documentId, 'archivo.pdf'),
      },
    });
  }

  async function send(token: string, body: Buffer, documentId: string) {
    const created = await create(token, body.length, documentId);
    expect(created.status, created.text).toBe(201);
    return tus(token, created.headers.get('location') ?? '', { method: 'PATCH', headers, body });
  }

  async function storedBytes(leadId: string) {
    const rows = await server().ctx.db.select().from(documents).where(eq(documents.leadId, leadId));
    return rows.filter((row) => row.contentDeletedAt === null);
  }

  it('refuses at creation what would pass the bytes or the files, with what to do, and stages nothing', async () => {
    const client = await newClient();
    const small = await makePdf();
    expect(small.length).toBeLessThan(1_300);
    const tooMuch = await create(client.token, quota.maxBytes + 1, '1/dni-nie');
    expect(tooMuch).toMatchObject({ status: 413, body: { message: quotaReachedMessage(quota) } });
    expect(quotaReachedMessage(quota)).toMatch(
      /Sustituye un archivo .* o contacta con el despacho/,
    );
    for (const slot of ['1/dni-nie', '1/certificado-renta-aeat', '1/certificado-titularidades']) {
      expect((await send(client.token, small, slot)).status).toBe(200);
    }
    const fourth = await create(client.token, small.length, 'hipoteca/escritura-compraventa');
    expect(fourth).toMatchObject({ status: 413, body: { message: quotaReachedMessage(quota) } });
    // Replacing a file nobody reviewed frees its place, so a full case can still correct one.
    expect((await send(client.token, small, '1/certificado-renta-aeat')).status).toBe(200);
    expect(await storedBytes(client.leadId)).toHaveLength(3);
    const staging = path.join(server().ctx.config.dataDir, STAGING_DIR);
    expect((await readdir(staging)).filter((name) => name !== 'copias')).toEqual([]);
  });

  it('checks again when the upload ends: the second of two that fitted alone is refused, stored nowhere', async () => {
    const client = await newClient();
    const pdf = await makePdf(12);
    expect(pdf.length * 2).toBeGreaterThan(quota.maxBytes);
    expect(pdf.length).toBeLessThan(quota.maxBytes);
    const first = await create(client.token, pdf.length, '1/dni-nie');
    const second = await create(client.token, pdf.length, '1/certificado-renta-aeat');
    expect([first.status, second.status]).toEqual([201, 201]);
    const one = await tus(client.token, first.headers.get('location') ?? '', {
      method: 'PATCH',
      headers,
      body: pdf,
    });
    expect(one.status).toBe(200);
    const location = second.headers.get('location') ?? '';
    const two = await tus(client.token, location, { method: 'PATCH', headers, body: pdf });
    expect(two).toMatchObject({ status: 413, body: { message: quotaReachedMessage(quota) } });
    const retry = await tus(client.token, location, {
      method: 'PATCH',
      headers: { ...headers, 'Upload-Offset': String(pdf.length) },
      body: new Uint8Array(0),
    });
    expect(retry).toMatchObject({ status: 413, body: { message: quotaReachedMessage(quota) } });
    expect((await storedBytes(client.leadId)).map((row) => row.slot)).toEqual(['1/dni-nie']);
    const files = await readdir(
      path.join(server().ctx.config.dataDir, 'documentos', client.leadId),
    );
    expect(files).toHaveLength(1);
  });

  it('counts retrieved files without ever refusing them, so a retrieval never stops half way', async () => {
    const client = await newClient();
    // As the retrieval stores them: three official documents, the last one past the quota.
    for (const index of [0, 1, 2]) {
      await saveCaseFile(server().ctx, {
        leadId: client.leadId,
        origin: 'obtenido',
        model: 'HACIENDA_RENTA',
        modelYear: 2020 + index,
        providerDocumentId: `documento-${String(index)}`,
        fileName: `renta-${String(index)}.pdf`,
        mimeType: 'application/pdf',
        body: Buffer.alloc(1_500, 0x25),
      });
    }
    expect(await storedBytes(client.leadId)).toHaveLength(3);
    const refused = await create(client.token, 100, '1/dni-nie');
    expect(refused).toMatchObject({ status: 413, body: { message: quotaReachedMessage(quota) } });
  });
});

describe('the upload rate limit (PGlite)', () => {
  const [pglite] = variants;
  if (pglite === undefined) throw new Error('PGlite variant missing');
  const server = serverFor(pglite, {
    rateLimits: { uploads: { max: 2, windowMs: 60_000 } },
  });

  it('counts the uploads each account starts, wherever it starts them from', async () => {
    const created = await server().request('/api/leads', { json: passingLead() });
    const token = text(created.body, 'session', 'access_token');
    const start = () =>
      server().request(UPLOAD_PATH, {
        method: 'POST',
        token,
        headers: {
          'Tus-Resumable': '1.0.0',
          'Upload-Length': '100',
          'Upload-Metadata': metadataHeader('1/dni-nie', 'dni.pdf'),
        },
      });
    expect((await start()).status).toBe(201);
    expect((await start()).status).toBe(201);
    const third = await start();
    expect(third.status).toBe(429);
    expect(text(third.body, 'message')).toMatch(/^Has hecho demasiadas solicitudes/);

    // Another client is counted apart.
    const other = await server().request('/api/leads', { json: passingLead() });
    const response = await server().request(UPLOAD_PATH, {
      method: 'POST',
      token: text(other.body, 'session', 'access_token'),
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '100',
        'Upload-Metadata': metadataHeader('1/dni-nie', 'dni.pdf'),
      },
    });
    expect(response.status).toBe(201);
  });
});

describe('the staging store', () => {
  it('is a folder under DATA_DIR, or the bucket under subidas-en-curso/ when documents go to S3', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cbp-staging-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const disk = createUploadStaging(config);
      expect(disk).toMatchObject({ kind: 'disk', idPrefix: '' });
      expect((await stat(path.join(dataDir, STAGING_DIR))).mode & 0o777).toBe(0o700);
      const s3 = createUploadStaging(
        loadConfig({
          DATA_DIR: dataDir,
          S3_BUCKET: 'cbp-documentos',
          S3_REGION: 'eu-south-2',
          S3_ENDPOINT: 'http://127.0.0.1:9',
        }),
      );
      expect(s3).toMatchObject({ kind: 's3', idPrefix: `${STAGING_DIR}/` });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the 'Obtener Documentos' step", () => {
  const facts = { delivered: false, sent: false, hasFile: true, missing: 0 };

  it('is done once every required document is provided, even without «Finalizar»', () => {
    expect(documentsStepFrom(facts)).toBe('completado');
    expect(documentsStepFrom({ ...facts, missing: 1 })).toBe('en-curso');
  });

  it('is done once the file was sent, and once the documents were delivered', () => {
    expect(documentsStepFrom({ ...facts, missing: 3, sent: true })).toBe('completado');
    expect(documentsStepFrom({ ...facts, missing: 3, delivered: true })).toBe('completado');
  });

  it('has not started while the case has no file', () => {
    expect(documentsStepFrom({ ...facts, hasFile: false, missing: 10 })).toBe('no-empezado');
  });
});
