import type { ReviewDraft, SubmissionView } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import {
  answerRows,
  buildStatus,
  canSend,
  documentBadge,
  documentGroups,
  INITIAL_SEND_STATE,
  loadedAction,
  letterPlaceholders,
  missingGroups,
  partDownloads,
  planText,
  sendPageReducer,
  sendStateFrom,
  sentSummary,
  type SendPageAction,
  type SendPageState,
} from './state';

const complete: SubmissionView = {
  estado: 'borrador',
  enviadoEl: null,
  banco: 'Banco Santander',
  codigo: { id: 'cbp2012', nombre: 'Código de Buenas Prácticas de 2012' },
  medidas: ['Carencia de 5 años en la amortización del capital'],
  documentos: [
    {
      id: 'dni-1',
      nombre: 'DNI/NIE',
      persona: 'Titular 1',
      estado: 'aprobado',
      situacion: 'aprobado',
    },
    {
      id: 'escritura',
      nombre: 'Escritura Hipoteca',
      persona: 'Hipoteca',
      estado: 'pendiente',
      situacion: 'en-revision',
    },
    {
      id: 'nomina-1',
      nombre: 'Nóminas',
      persona: 'Titular 1',
      estado: 'pendiente',
      situacion: 'en-revision',
    },
  ],
  plan: { nombre: 'Pago Único', pagado: true },
  faltan: [],
  presentadoAlBancoEl: null,
  respuestaBancoAntesDe: null,
  preparacion: null,
  partes: [],
};

const incomplete: SubmissionView = {
  ...complete,
  documentos: [
    ...complete.documentos,
    {
      id: 'vida-1',
      nombre: 'Vida Laboral',
      persona: 'Titular 1',
      estado: null,
      situacion: 'falta',
    },
  ],
  plan: { nombre: 'Pago Único', pagado: false },
  faltan: [
    { tipo: 'pago', mensaje: 'Falta el pago de tu plan', enlace: '/app/honorarios' },
    {
      tipo: 'documentos',
      mensaje: 'Falta la vida laboral del titular 1',
      enlace: '/app/obtener-documentos',
    },
    {
      tipo: 'revision',
      mensaje: 'Falta finalizar la revisión del expediente',
      enlace: '/app/revisar-expediente',
    },
    {
      tipo: 'documentos',
      mensaje: 'Falta la nota simple',
      enlace: '/app/obtener-documentos',
    },
  ],
};

const sent: SubmissionView = {
  ...complete,
  estado: 'enviado',
  // 23:30 UTC on 26 November is already the 27th in Madrid.
  enviadoEl: '2026-11-26T23:30:00.000Z',
};

const building: SubmissionView = {
  ...complete,
  preparacion: {
    estado: 'en-preparacion',
    anexosHechos: 3,
    anexosTotal: 10,
    motivo: null,
    aceptadoEl: '2026-11-27T10:00:00.000Z',
  },
};

const draft: ReviewDraft = {
  valores: {
    nombre: 'Lucía',
    apellidos: ' García Pérez ',
    numeroTitulares: '2',
    miembrosUnidadFamiliar: '3',
    pagoMensualHipoteca: '1234,5',
    cantidadPorPagar: '150.000',
    ingresosBrutosAnuales: 'unos 20 mil',
  },
  paso: 4,
  pestana: 'personales',
  revision: 12,
  prefill: {},
  actualizado: '2026-11-26T10:00:00.000Z',
  finalizada: '2026-11-26T10:00:00.000Z',
  bloqueado: false,
};

function run(...actions: SendPageAction[]): SendPageState {
  return actions.reduce(sendPageReducer, INITIAL_SEND_STATE);
}

function loaded(state: SendPageState) {
  if (state.kind !== 'loaded') throw new Error(`expected a loaded page, got ${state.kind}`);
  return state;
}

describe('what is still missing', () => {
  it('groups the missing items as review, documents and payment, each with its link', () => {
    expect(missingGroups(incomplete.faltan)).toEqual([
      {
        kind: 'revision',
        title: 'Revisión del expediente',
        items: [
          {
            message: 'Falta finalizar la revisión del expediente',
            href: '/app/revisar-expediente',
          },
        ],
      },
      {
        kind: 'documentos',
        title: 'Documentos',
        items: [
          { message: 'Falta la vida laboral del titular 1', href: '/app/obtener-documentos' },
          { message: 'Falta la nota simple', href: '/app/obtener-documentos' },
        ],
      },
      {
        kind: 'pago',
        title: 'Pago',
        items: [{ message: 'Falta el pago de tu plan', href: '/app/honorarios' }],
      },
    ]);
  });

  it('says why a file the person’s calculation rejects cannot go as a request, and asks for nothing', () => {
    const rejected: SubmissionView = {
      ...incomplete,
      codigo: null,
      medidas: [],
      faltan: [
        {
          tipo: 'calculo',
          mensaje: 'Tu último cálculo dice que hoy no puedes acogerte.',
          enlace: '/app',
        },
        ...incomplete.faltan,
      ],
    };
    expect(missingGroups(rejected.faltan)[0]).toEqual({
      kind: 'calculo',
      title: 'Tu cálculo',
      items: [{ message: 'Tu último cálculo dice que hoy no puedes acogerte.', href: '/app' }],
    });
    expect(letterPlaceholders(rejected)).toEqual({
      code: 'Ninguno: con tu último cálculo, hoy no puedes acogerte',
      measures: 'Ninguna: no pedimos al banco medidas que tu cálculo no te da',
    });
    expect(letterPlaceholders(incomplete).code).toBe('Se decide con tus datos de la revisión');
  });

  it('shows no list when nothing is missing', () => {
    expect(missingGroups([])).toEqual([]);
  });

  it('allows sending only a draft with nothing missing', () => {
    expect(canSend(complete)).toBe(true);
    expect(canSend(incomplete)).toBe(false);
    expect(canSend(sent)).toBe(false);
  });
});

describe('the documents that go with the file', () => {
  it('groups them by whose they are, in the order the server lists them', () => {
    const groups = documentGroups(incomplete.documentos);
    expect(groups.map((group) => group.persona)).toEqual(['Titular 1', 'Hipoteca']);
    expect(groups[0]?.documents.map((document) => document.nombre)).toEqual([
      'DNI/NIE',
      'Nóminas',
      'Vida Laboral',
    ]);
  });

  it('reads a document not uploaded yet as “Falta” in red, and the others by their state', () => {
    expect(documentBadge('falta')).toEqual({ status: 'falta', tone: 'danger' });
    expect(documentBadge('aprobado')).toEqual({ status: 'aprobado' });
    expect(documentBadge('rechazado')).toEqual({ status: 'rechazado' });
    // The signed declaration says so, never 'Pendiente' (decision 0671).
    expect(documentBadge('firmada')).toEqual({ status: 'firmada' });
  });

  it('says whether the plan is paid', () => {
    expect(planText(complete.plan)).toEqual({ plan: 'Pago Único', pago: 'Pagado' });
    expect(planText(incomplete.plan)).toEqual({ plan: 'Pago Único', pago: 'Pendiente de pago' });
    expect(planText(null)).toEqual({ plan: 'No indicado', pago: 'Sin pagar' });
  });
});

describe('the summary of the review', () => {
  it('shows the key answers, amounts in euros the Spanish way, and “No indicado” where empty', () => {
    expect(answerRows(draft)).toEqual([
      { key: 'Nombre y apellidos', value: 'Lucía García Pérez' },
      { key: 'Número de titulares', value: '2' },
      { key: 'Miembros de la unidad familiar', value: '3' },
      { key: 'Domicilio', value: 'No indicado' },
      { key: 'Última cuota pagada', value: '1.234,50\u00a0€' },
      { key: 'Capital pendiente', value: '150.000,00\u00a0€' },
      // What cannot be read as an amount is shown as the person typed it.
      { key: 'Ingresos brutos anuales', value: 'unos 20 mil' },
    ]);
  });
});

describe('the sent file', () => {
  it('shows the date sent as the day in Spain and the bank, with no deadline before the presentation', () => {
    expect(sentSummary(sent)).toEqual({
      fecha: '27/11/2026',
      banco: 'Banco Santander',
      presentacion: null,
    });
  });

  it('shows the day the firm presented it and the bank’s deadline counted from it', () => {
    expect(
      sentSummary({
        ...sent,
        presentadoAlBancoEl: '2027-01-31',
        respuestaBancoAntesDe: '2027-02-28',
      })?.presentacion,
    ).toEqual({ presentadoEl: '31/01/2027', respuestaAntesDe: '28/02/2027' });
  });

  it('has no sent summary while it is a draft', () => {
    expect(sentSummary(complete)).toBeNull();
  });
});

describe('the page', () => {
  it('loads the file and the answers, and fails with the message to retry', () => {
    const page = loaded(run({ type: 'loaded', view: complete, draft }));
    expect(page.view).toBe(complete);
    expect(page.draft).toBe(draft);
    expect(page.dialogOpen).toBe(false);
    expect(run({ type: 'load-failed', message: 'Sin conexión' })).toEqual({
      kind: 'failed',
      message: 'Sin conexión',
    });
    expect(run({ type: 'load-failed', message: 'x' }, { type: 'reload' })).toEqual({
      kind: 'loading',
    });
  });

  it('asks to confirm before sending, and sends once', () => {
    const opened = run({ type: 'loaded', view: complete, draft }, { type: 'open-dialog' });
    expect(loaded(opened).dialogOpen).toBe(true);
    const sending = sendPageReducer(opened, { type: 'send' });
    expect(loaded(sending).sending).toBe(true);
    // A second click while the first send runs changes nothing, and the dialog stays open.
    expect(sendPageReducer(sending, { type: 'send' })).toBe(sending);
    expect(loaded(sendPageReducer(sending, { type: 'close-dialog' })).dialogOpen).toBe(true);
  });

  it('does not open the confirmation while something is missing', () => {
    const page = run({ type: 'loaded', view: incomplete, draft }, { type: 'open-dialog' });
    expect(loaded(page).dialogOpen).toBe(false);
    expect(loaded(sendPageReducer(page, { type: 'send' })).sending).toBe(false);
  });

  it('shows the sent file after sending, and asks for focus on its heading', () => {
    const page = loaded(
      run(
        { type: 'loaded', view: complete, draft },
        { type: 'open-dialog' },
        { type: 'send' },
        { type: 'accepted', view: building },
      ),
    );
    // Accepted: the file is being prepared; nothing is said to be sent yet.
    expect(page.view.estado).toBe('borrador');
    expect(page.dialogOpen).toBe(false);
    expect(page.justSent).toBe(false);
    expect(canSend(page.view)).toBe(false);
    expect(buildStatus(page.view)).toEqual({ kind: 'building', done: 3, total: 10 });
    // The poll finds it sent: it is a send of this visit, and focus goes to its heading.
    const done = loaded(sendPageReducer(page, { type: 'loaded', view: sent, draft: null }));
    expect(done.justSent).toBe(true);
    expect(done.draft).toBe(draft);
    expect(buildStatus(done.view)).toBeNull();
  });

  it('says why a preparation failed and lets the person send again', () => {
    const failed: SubmissionView = {
      ...complete,
      preparacion: {
        anexosHechos: 3,
        anexosTotal: 10,
        aceptadoEl: '2026-11-27T10:00:00.000Z',
        estado: 'fallido',
        motivo: 'No hemos podido preparar tu expediente por un error nuestro.',
      },
    };
    const page = loaded(
      run({ type: 'loaded', view: building, draft }, { type: 'loaded', view: failed, draft: null }),
    );
    expect(page.justSent).toBe(false);
    expect(buildStatus(page.view)).toEqual({
      kind: 'failed',
      reason: 'No hemos podido preparar tu expediente por un error nuestro.',
    });
    expect(canSend(page.view)).toBe(true);
    expect(loaded(sendPageReducer(page, { type: 'open-dialog' })).dialogOpen).toBe(true);
  });

  it('offers one download for a file in one part, and one per part otherwise', () => {
    expect(
      partDownloads({ ...sent, partes: [{ numero: 1, bytes: 900_000, contenido: 'x' }] }),
    ).toEqual([{ numero: 1, label: 'Descargar expediente (PDF)', contenido: '' }]);
    expect(
      partDownloads({
        ...sent,
        partes: [
          { numero: 1, bytes: 14_200_000, contenido: 'la carta y los anexos 1 a 4' },
          { numero: 2, bytes: 3_050_000, contenido: 'anexo 5 (hojas 10 a 20 de 20)' },
        ],
      }),
    ).toEqual([
      {
        numero: 1,
        label: 'Descargar parte 1 de 2 (PDF, 14,2 MB)',
        contenido: 'la carta y los anexos 1 a 4',
      },
      {
        numero: 2,
        label: 'Descargar parte 2 de 2 (PDF, 3,1 MB)',
        contenido: 'anexo 5 (hojas 10 a 20 de 20)',
      },
    ]);
  });

  it('keeps the dialog open with the message and a retry when the send fails', () => {
    const page = loaded(
      run(
        { type: 'loaded', view: complete, draft },
        { type: 'open-dialog' },
        { type: 'send' },
        { type: 'send-failed', message: 'No hay conexión a internet.' },
      ),
    );
    expect(page).toMatchObject({
      dialogOpen: true,
      sending: false,
      failure: 'No hay conexión a internet.',
    });
    expect(loaded(sendPageReducer(page, { type: 'send' }))).toMatchObject({
      sending: true,
      failure: null,
    });
  });

  it('closes the dialog on a refusal and keeps the server’s message over what is missing now', () => {
    const refused = run(
      { type: 'loaded', view: complete, draft },
      { type: 'open-dialog' },
      { type: 'send' },
      { type: 'refused', message: 'Aún falta algo para poder enviar tu expediente.' },
    );
    expect(loaded(refused)).toMatchObject({ dialogOpen: false, sending: false });
    // The reload brings what is missing now; the answers already shown stay.
    const reloaded = loaded(
      sendPageReducer(refused, { type: 'loaded', view: incomplete, draft: null }),
    );
    expect(reloaded.refusal).toBe('Aún falta algo para poder enviar tu expediente.');
    expect(reloaded.view.faltan).toHaveLength(4);
    expect(reloaded.draft).toBe(draft);
  });

  it('drops an earlier refusal once the file shows as sent (from another device)', () => {
    const page = run(
      { type: 'loaded', view: complete, draft },
      { type: 'open-dialog' },
      { type: 'send' },
      { type: 'refused', message: 'Tu expediente ya se ha enviado.' },
      { type: 'loaded', view: sent, draft: null },
    );
    expect(loaded(page).refusal).toBeNull();
    expect(sentSummary(loaded(page).view)?.fecha).toBe('27/11/2026');
  });
});

describe('the page from what the loader read', () => {
  it('opens on the file and the answers, or on why they could not be read', () => {
    expect(
      loaded(sendStateFrom({ kind: 'loaded', data: { view: complete, draft: null } })),
    ).toMatchObject({
      view: complete,
      draft: null,
      dialogOpen: false,
      sending: false,
    });
    expect(
      sendStateFrom({ kind: 'failed', message: 'No hemos podido cargar tu expediente' }),
    ).toEqual({
      kind: 'failed',
      message: 'No hemos podido cargar tu expediente',
    });
  });

  it('keeps a refusal when the file is read again after it', () => {
    const refused = run(
      loadedAction({ kind: 'loaded', data: { view: complete, draft: null } }),
      { type: 'open-dialog' },
      { type: 'send' },
      { type: 'refused', message: 'Falta la declaración responsable' },
      loadedAction({ kind: 'loaded', data: { view: complete, draft: null } }),
    );
    expect(loaded(refused).refusal).toBe('Falta la declaración responsable');
  });
});
