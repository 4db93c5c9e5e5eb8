import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BILLING_MESSAGES,
  type BillingStatus,
  DOCUMENT_MESSAGES,
  DOCUMENT_REVIEW_MESSAGES,
  type DocumentsOverview,
  presentedBeforeSendingMessage,
  SUBMISSION_MESSAGES,
  type SubmissionView,
} from '../schemas';
import {
  createStaffApiClient,
  DOWNLOAD_TIMEOUT_MS,
  FALLBACK_DOWNLOAD_NAME,
  fileNameFromContentDisposition,
  HttpError,
  InvalidResponseError,
  RequestValidationError,
  STAFF_FALLBACK_MESSAGES,
  TimeoutError,
} from '.';
import { paidPayment, staffAdmin } from '../testing';
import {
  failure,
  type FakeReply,
  fakeFetch,
  hangingReply,
  jsonResponse,
  pdfAttachment,
} from './testing';

const BASE = 'https://cbp.example.es';
const TOKEN = 'token-del-equipo';
const LEAD_ID = '3f1c2b7a-5d4e-4f60-8a9b-0c1d2e3f4a5b';
const FILE_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const storedFile = {
  id: FILE_ID,
  name: 'nómina octubre.pdf',
  size: 48_213,
  mimeType: 'application/pdf',
  subidoEn: '2026-11-20T09:30:00.000Z',
} as const;

const overview: DocumentsOverview = {
  numeroTitulares: 1,
  miembrosUnidadFamiliar: 1,
  checklist: {
    holders: {
      '1': {
        personal: [
          {
            id: '1/dni-nie',
            nombre: 'DNI/NIE',
            archivo: storedFile,
            estado: 'pendiente',
            motivoRechazo: null,
            motivo:
              'Identifica a cada persona mayor de edad: tu DNI o NIE en vigor, por las dos caras.',
            origen: 'subida',
            necesario: true,
            obtenidoCon: null,
          },
        ],
        laboral: [],
      },
    },
    hogar: [],
    hipoteca: [],
  },
  datosPendientes: false,
  obtenidos: [],
  entregadoEn: null,
  enviadoEn: null,
};

function clientWith(reply: FakeReply) {
  const fake = fakeFetch(reply);
  const client = createStaffApiClient({ baseUrl: BASE, fetch: fake.fetch, isOnline: () => true });
  return { client, requests: fake.requests };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a lead’s documents', () => {
  it('asks for them with the staff token and hands back the overview', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: overview }));
    expect(await client.leadDocuments(TOKEN, LEAD_ID)).toEqual(overview);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: `/api/gestion/leads/${LEAD_ID}/documents`,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
  });

  it('reports an unknown lead with the server’s message', async () => {
    const { client } = clientWith(() =>
      jsonResponse(404, { message: 'No se ha encontrado el lead.' }),
    );
    const error = await failure(client.leadDocuments(TOKEN, LEAD_ID));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, message: 'No se ha encontrado el lead.' });
  });

  it('refuses an answer that is not an overview', async () => {
    const { client } = clientWith(() => jsonResponse(200, { data: { checklist: [] } }));
    expect(await failure(client.leadDocuments(TOKEN, LEAD_ID))).toBeInstanceOf(
      InvalidResponseError,
    );
  });

  it('sends nothing for an id that is not one', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: overview }));
    expect(await failure(client.leadDocuments(TOKEN, '../equipo'))).toBeInstanceOf(
      RequestValidationError,
    );
    expect(requests).toHaveLength(0);
  });
});

describe('exporting the leads', () => {
  it('keeps the CSV byte for byte, with the BOM a spreadsheet in Spanish needs', async () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('Fecha;Señal\r\n'),
    ]);
    const { client, requests } = clientWith(
      () =>
        new Response(bytes, {
          status: 200,
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        }),
    );
    const csv = await client.leadsCsv(TOKEN, { resultado: 'cumple' });
    expect(new Uint8Array(await csv.arrayBuffer())).toEqual(bytes);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/gestion/leads.csv',
      query: { resultado: 'cumple' },
      headers: { authorization: `Bearer ${TOKEN}` },
    });
  });
});

describe('downloading a document', () => {
  const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xff]);

  it('gives the bytes as a blob with the name the server sent', async () => {
    const { client, requests } = clientWith(
      () =>
        new Response(pdf, {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="n_mina octubre.pdf"; filename*=UTF-8''n%C3%B3mina%20octubre.pdf`,
          },
        }),
    );
    const file = await client.downloadDocument(TOKEN, FILE_ID);
    expect(file.fileName).toBe('nómina octubre.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(pdf);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: `/api/gestion/documents/${FILE_ID}/content`,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
  });

  it('reports a refusal with the server’s message, read as JSON', async () => {
    const { client } = clientWith(() => jsonResponse(404, { message: DOCUMENT_MESSAGES.notFound }));
    const error = await failure(client.downloadDocument(TOKEN, FILE_ID));
    expect(error).toMatchObject({ status: 404, message: DOCUMENT_MESSAGES.notFound });
  });

  it('uses its own message when the server gives none', async () => {
    const { client } = clientWith(() => new Response('', { status: 502 }));
    const error = await failure(client.downloadDocument(TOKEN, FILE_ID));
    expect(error.message).toBe(STAFF_FALLBACK_MESSAGES.download);
  });

  it('waits longer than a form does before giving up', async () => {
    vi.useFakeTimers();
    const { client, requests } = clientWith(hangingReply);
    const outcome = failure(client.downloadDocument(TOKEN, FILE_ID));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(DOWNLOAD_TIMEOUT_MS - 60_000);
    expect(await outcome).toBeInstanceOf(TimeoutError);
  });
});

describe('downloading a payment’s receipt', () => {
  it('asks for the case’s payment by both ids and reads the PDF with its name', async () => {
    const { client, requests } = clientWith(() =>
      pdfAttachment('attachment; filename="recibo-R-2026-000009.pdf"'),
    );
    const file = await client.downloadReceipt(TOKEN, LEAD_ID, FILE_ID);
    expect(file.fileName).toBe('recibo-R-2026-000009.pdf');
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: `/api/gestion/leads/${LEAD_ID}/pagos/${FILE_ID}/recibo`,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
  });

  it('sends nothing for an id that cannot be one', async () => {
    const { client, requests } = clientWith(() => new Response('', { status: 200 }));
    await failure(client.downloadReceipt(TOKEN, LEAD_ID, '../../reembolso'));
    expect(requests).toHaveLength(0);
  });
});

describe('reviewing a document', () => {
  const reviewed = {
    message: DOCUMENT_REVIEW_MESSAGES.rejected,
    data: {
      documentoId: '1/dni-nie',
      archivo: storedFile,
      estado: 'rechazado',
      motivoRechazo: 'La foto está borrosa',
      revisadoEn: '2026-11-21T10:00:00.000Z',
    },
  } as const;

  it('sends the decision and the reason, trimmed, and hands back the review', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, reviewed));
    const answer = await client.reviewDocument(TOKEN, FILE_ID, {
      estado: 'rechazado',
      motivo: '  La foto está borrosa ',
    });
    expect(answer).toEqual(reviewed);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: `/api/gestion/documents/${FILE_ID}/review`,
      body: { estado: 'rechazado', motivo: 'La foto está borrosa' },
    });
  });

  it('asks for a reason before rejecting, without calling the server', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, reviewed));
    const error = await failure(client.reviewDocument(TOKEN, FILE_ID, { estado: 'rechazado' }));
    if (!(error instanceof RequestValidationError))
      throw new Error('Se esperaba RequestValidationError');
    expect(error.fields).toEqual({ motivo: DOCUMENT_MESSAGES.rejectReasonRequired });
    expect(requests).toHaveLength(0);
  });

  it('reports a replaced file with the server’s message', async () => {
    const { client } = clientWith(() =>
      jsonResponse(409, { message: DOCUMENT_MESSAGES.alreadyReviewed }),
    );
    const error = await failure(client.reviewDocument(TOKEN, FILE_ID, { estado: 'aprobado' }));
    expect(error).toMatchObject({ status: 409, message: DOCUMENT_MESSAGES.alreadyReviewed });
  });
});

const billing: BillingStatus = {
  estado: 'confirmado',
  contrato: {
    id: '0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e',
    plan: 'unico',
    metodo: 'transferencia',
    terminosVersion: '2026-11',
    firmadoEn: '2026-11-20T09:30:00.000Z',
    sha256: 'a'.repeat(64),
  },
  pagos: [paidPayment()],
  desistimientoHasta: '2026-12-05',
  esCliente: true,
  referenciaTransferencia: null,
};

describe('a lead’s payments', () => {
  it('asks for them with the staff token and hands back the status', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: billing }));
    expect(await client.leadPayments(TOKEN, LEAD_ID)).toEqual(billing);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: `/api/gestion/leads/${LEAD_ID}/pagos`,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
  });

  it('refuses an answer that is not a payment status', async () => {
    const { client } = clientWith(() =>
      jsonResponse(200, { data: { ...billing, estado: 'pagado' } }),
    );
    expect(await failure(client.leadPayments(TOKEN, LEAD_ID))).toBeInstanceOf(InvalidResponseError);
  });

  it('says so in Spanish when the server fails without a message', async () => {
    const { client } = clientWith(() => jsonResponse(500, {}));
    expect(await failure(client.leadPayments(TOKEN, LEAD_ID))).toMatchObject({
      status: 500,
      message: STAFF_FALLBACK_MESSAGES.payments,
    });
  });
});

describe('confirming a transfer received', () => {
  it('sends the payment, the amount and the value date and hands back the new status', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: billing }));
    const request = { tipo: 'unico', importe: 999, fechaValor: '2026-11-21' } as const;
    expect(await client.confirmTransfer(TOKEN, LEAD_ID, request)).toEqual(billing);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: `/api/gestion/leads/${LEAD_ID}/pagos/transferencia`,
      headers: { authorization: `Bearer ${TOKEN}` },
      body: request,
    });
  });

  it('checks the amount before calling the server', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: billing }));
    const error = await failure(
      client.confirmTransfer(TOKEN, LEAD_ID, {
        tipo: 'unico',
        importe: 0,
        fechaValor: '2026-11-21',
      }),
    );
    if (!(error instanceof RequestValidationError))
      throw new Error('Se esperaba RequestValidationError');
    expect(error.fields).toEqual({ importe: 'El importe debe ser mayor que 0' });
    expect(requests).toHaveLength(0);
  });

  it.each([
    [422, BILLING_MESSAGES.wrongAmount],
    [409, BILLING_MESSAGES.paymentAlreadyRecorded],
  ])('reports a %i with the server’s message', async (status, message) => {
    const { client } = clientWith(() => jsonResponse(status, { message }));
    const error = await failure(
      client.confirmTransfer(TOKEN, LEAD_ID, {
        tipo: 'unico',
        importe: 990,
        fechaValor: '2026-11-21',
      }),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status, message });
  });
});

describe('refunding a case', () => {
  const refunded: BillingStatus = { ...billing, estado: 'reembolsado', desistimientoHasta: null };

  it('sends the reason and the note, trimmed, and hands back the new status', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: refunded }));
    expect(
      await client.refund(TOKEN, LEAD_ID, { motivo: 'desistimiento', nota: '  Por correo ' }),
    ).toEqual(refunded);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: `/api/gestion/leads/${LEAD_ID}/reembolso`,
      headers: { authorization: `Bearer ${TOKEN}` },
      body: { motivo: 'desistimiento', nota: 'Por correo' },
    });
  });

  it('reports a case with nothing to refund with the server’s message', async () => {
    const { client } = clientWith(() =>
      jsonResponse(409, { message: BILLING_MESSAGES.nothingToRefund }),
    );
    const error = await failure(client.refund(TOKEN, LEAD_ID, { motivo: 'banco-rechaza' }));
    expect(error).toMatchObject({ status: 409, message: BILLING_MESSAGES.nothingToRefund });
  });
});

describe('recording the presentation to the bank', () => {
  const presented: SubmissionView = {
    estado: 'enviado',
    enviadoEl: '2027-01-28T10:00:00.000Z',
    banco: 'Banco Santander',
    codigo: { id: 'cbp2012', nombre: 'Código de Buenas Prácticas de 2012' },
    medidas: [],
    documentos: [],
    plan: null,
    faltan: [],
    presentadoAlBancoEl: '2027-01-31',
    respuestaBancoAntesDe: '2027-02-28',
    preparacion: null,
    partes: [{ numero: 1, bytes: 1200, contenido: 'la carta y todos los anexos' }],
  };

  it('sends the day and hands back the file with the deadline counted from it', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: presented }));
    expect(await client.recordPresentation(TOKEN, LEAD_ID, { fecha: '2027-01-31' })).toEqual(
      presented,
    );
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: `/api/gestion/leads/${LEAD_ID}/expediente/presentacion`,
      headers: { authorization: `Bearer ${TOKEN}` },
      body: { fecha: '2027-01-31' },
    });
  });

  it('asks for a day before calling the server', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, { data: presented }));
    const error = await failure(client.recordPresentation(TOKEN, LEAD_ID, { fecha: '' }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.message).toBe('Indica la fecha de presentación al banco');
    expect(requests).toHaveLength(0);
  });

  it('keeps the server’s refusal of a day out of bounds on the field', async () => {
    const message = presentedBeforeSendingMessage('2027-01-28');
    const { client } = clientWith(() => jsonResponse(400, { message, errors: { fecha: message } }));
    const error = await failure(client.recordPresentation(TOKEN, LEAD_ID, { fecha: '2027-01-20' }));
    expect(error).toMatchObject({ status: 400, message, fields: { fecha: message } });
    expect(message).toBe(
      'La fecha de presentación no puede ser anterior al envío del expediente (28/01/2027).',
    );
  });

  it('reports a file that is not sent with the server’s message', async () => {
    const { client } = clientWith(() =>
      jsonResponse(409, { message: SUBMISSION_MESSAGES.notPresentable }),
    );
    const error = await failure(client.recordPresentation(TOKEN, LEAD_ID, { fecha: '2027-01-31' }));
    expect(error).toMatchObject({ status: 409, message: SUBMISSION_MESSAGES.notPresentable });
  });
});

describe('the name of a downloaded file', () => {
  it.each([
    [`attachment; filename*=UTF-8''n%C3%B3mina.pdf`, 'nómina.pdf'],
    [`attachment; filename="dni.pdf"; filename*=utf-8''D%C3%8DN%202.pdf`, 'DÍN 2.pdf'],
    ['attachment; filename="recibo \\"marzo\\".png"', 'recibo "marzo".png'],
    ['attachment; filename=escritura.pdf', 'escritura.pdf'],
    [`attachment; filename="respaldo.pdf"; filename*=UTF-8''%E0%A4%A`, 'respaldo.pdf'],
    [`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, '.._.._etc_passwd'],
    [`attachment; filename*=ISO-8859-1''caf%E9.pdf`, FALLBACK_DOWNLOAD_NAME],
    ['attachment', FALLBACK_DOWNLOAD_NAME],
    ['attachment; filename=".."', FALLBACK_DOWNLOAD_NAME],
    [null, FALLBACK_DOWNLOAD_NAME],
  ])('%j → %j', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });
});

describe('the staff session calls', () => {
  const staff = staffAdmin;

  it('refresh and sign-out send no token, only the back-office header the cookie needs', async () => {
    const { client, requests } = clientWith((request) =>
      request.path.endsWith('/refresh')
        ? jsonResponse(200, { session: { access_token: 'nuevo', expires_in: 600 }, staff })
        : jsonResponse(200, { message: 'Sesión cerrada correctamente' }),
    );
    expect((await client.refresh()).session).toEqual({ access_token: 'nuevo', expires_in: 600 });
    await client.logout();
    for (const [index, path] of [
      '/api/gestion/auth/refresh',
      '/api/gestion/auth/logout',
    ].entries()) {
      expect(requests[index]).toMatchObject({
        method: 'POST',
        path,
        body: undefined,
        headers: { 'x-gestion-sesion': '1' },
      });
      expect(requests[index]?.headers).not.toHaveProperty('authorization');
    }
  });
});
