import { API_FALLBACK_MESSAGES, retrievalTaxYears, type RetrievalSession } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import {
  acceptWidgetMessage,
  afterCheckFailed,
  afterPoll,
  afterPollFailed,
  afterSessionCheck,
  afterStart,
  afterStartFailed,
  afterWidgetMessage,
  MAX_POLLS,
  retryFrame,
  shouldPoll,
  widgetOrigin,
  withFrame,
  type RetrievalPhase,
} from './retrieval';
import { retrievalIntro, RETRIEVAL_LABELS, RETRIEVAL_MESSAGES } from './strings';

const LINK = 'https://widget.proveedor.example/s/abc?lang=es';
const ORIGIN = 'https://widget.proveedor.example';

function session(overrides: Partial<RetrievalSession> = {}): RetrievalSession {
  return { estado: 'iniciada', widget_link: LINK, documentos: [], ...overrides };
}

const renta = { tipo_documento: 'HACIENDA_RENTA', created_at: '2026-11-25T10:00:00.000Z' };

const openWidget: RetrievalPhase = {
  kind: 'widget',
  link: LINK,
  origin: ORIGIN,
  frame: 'loaded',
  attempt: 0,
  processing: false,
  takeFocus: true,
};

describe('arriving at the screen (spec 02, 4.4)', () => {
  it('shows only the start button when there is no session, without a toast', () => {
    expect(afterSessionCheck(null, 0, 'load')).toEqual({ phase: { kind: 'ready' } });
  });

  it('lists the documents of a completed session', () => {
    expect(
      afterSessionCheck(session({ estado: 'completada', documentos: [renta] }), 1, 'load'),
    ).toEqual({ phase: { kind: 'ready' } });
  });

  it('shows the empty result of a completed session that found nothing, said once', () => {
    expect(afterSessionCheck(session({ estado: 'completada' }), 0, 'load')).toEqual({
      phase: { kind: 'empty' },
    });
    expect(afterSessionCheck(session({ estado: 'completada' }), 0, 'refresh')).toEqual({
      phase: { kind: 'empty' },
    });
  });

  it('reopens the widget of a session that is under way, on its link’s origin', () => {
    expect(afterSessionCheck(session(), 0, 'load')).toEqual({
      phase: {
        kind: 'widget',
        link: LINK,
        origin: ORIGIN,
        frame: 'loading',
        attempt: 0,
        processing: false,
        takeFocus: false,
      },
      notice: { variant: 'info', text: 'Sesión activa encontrada' },
    });
  });

  it('says so when a session under way has no usable link', () => {
    for (const widget_link of [null, 'javascript:alert(1)', 'no es un enlace']) {
      expect(afterSessionCheck(session({ widget_link }), 0, 'load')).toEqual({
        phase: { kind: 'ready' },
        notice: { variant: 'error', text: 'Error: No se encontró el enlace del widget' },
      });
    }
  });

  it('shows the start button for any other state of the provider', () => {
    expect(afterSessionCheck(session({ estado: 'caducada' }), 0, 'load')).toEqual({
      phase: { kind: 'ready' },
    });
  });
});

describe('“Actualizar estado”', () => {
  it('tells when there is no session, and when the documents are in', () => {
    expect(afterSessionCheck(null, 0, 'refresh').notice?.text).toBe('No hay una sesión activa');
    expect(
      afterSessionCheck(session({ estado: 'completada', documentos: [renta] }), 0, 'refresh'),
    ).toEqual({
      phase: { kind: 'ready' },
      notice: { variant: 'success', text: 'Documentos cargados correctamente' },
    });
  });

  it('reopens a session under way and moves focus to it, since the person asked', () => {
    expect(afterSessionCheck(session(), 0, 'refresh').phase).toMatchObject({
      kind: 'widget',
      takeFocus: true,
    });
  });

  it('keeps what was on screen when the server cannot be asked', () => {
    expect(afterCheckFailed({ kind: 'empty' })).toEqual({
      phase: { kind: 'empty' },
      notice: { variant: 'error', text: 'Error al actualizar la sesión' },
    });
    expect(afterCheckFailed({ kind: 'checking' }).phase).toEqual({ kind: 'ready' });
  });
});

describe('starting a session', () => {
  it('opens the widget, which takes focus, without a toast saying the same', () => {
    const started = afterStart(LINK);
    expect(started.phase).toMatchObject({
      kind: 'widget',
      origin: ORIGIN,
      frame: 'loading',
      takeFocus: true,
    });
    expect(started.notice).toBeUndefined();
  });

  it('goes back to the button when it fails, never naming the provider', () => {
    expect(afterStartFailed()).toEqual({
      phase: { kind: 'ready' },
      notice: {
        variant: 'error',
        text: 'No hemos podido abrir el acceso con Cl@ve PIN. Inténtalo de nuevo.',
      },
    });
  });

  it('never names the provider in anything the person reads', () => {
    const texts = [...Object.values(RETRIEVAL_MESSAGES), ...Object.values(RETRIEVAL_LABELS)];
    expect(texts.filter((text) => /bankflip/i.test(text))).toEqual([]);
    expect(API_FALLBACK_MESSAGES.startRetrievalSession).not.toMatch(/bankflip/i);
  });
});

describe('the widget’s messages (spec 02, 4.4)', () => {
  it('closes the widget on completion and waits for the documents, claiming nothing yet', () => {
    expect(afterWidgetMessage(openWidget, 'session_completed', 2)).toEqual({
      phase: { kind: 'processing', baseline: 2, polls: 0, stalled: false },
    });
  });

  it('reacts to each event with its toast', () => {
    const reactions = (
      ['user_requested_closure', 'session_cancelled', 'token_expired', 'session_expired'] as const
    ).map((name) => {
      const { phase, notice } = afterWidgetMessage(openWidget, name, 0);
      return [name, phase.kind, notice?.variant, notice?.text];
    });
    expect(reactions).toEqual([
      ['user_requested_closure', 'ready', 'info', 'Sesión cerrada por el usuario'],
      ['session_cancelled', 'ready', 'info', 'Sesión cancelada por el usuario'],
      ['token_expired', 'ready', 'error', 'La sesión ha expirado (token)'],
      ['session_expired', 'ready', 'error', 'La sesión ha expirado'],
    ]);
  });

  it('keeps the widget open while it shows its results', () => {
    expect(afterWidgetMessage(openWidget, 'results_screen_shown', 0)).toEqual({
      phase: { ...openWidget, processing: true },
    });
  });

  it('ignores messages when no widget is open', () => {
    expect(afterWidgetMessage({ kind: 'ready' }, 'session_completed', 0)).toEqual({
      phase: { kind: 'ready' },
    });
  });
});

describe('waiting for the documents after completion', () => {
  const waiting: RetrievalPhase = { kind: 'processing', baseline: 0, polls: 0, stalled: false };
  const completed = session({ estado: 'completada', documentos: [renta] });

  it('says the documents were obtained only once more are listed than before', () => {
    expect(afterPoll(waiting, completed, 1)).toEqual({
      phase: { kind: 'ready' },
      notice: { variant: 'success', text: 'Documentos obtenidos correctamente' },
    });
  });

  it('keeps asking while the server still fetches them', () => {
    expect(afterPoll(waiting, completed, 0).phase).toEqual({ ...waiting, polls: 1 });
    expect(afterPoll(waiting, session(), 0).phase).toEqual({ ...waiting, polls: 1 });
  });

  it('shows the empty result when the session completed with nothing, and no success', () => {
    expect(afterPoll(waiting, session({ estado: 'completada' }), 0)).toEqual({
      phase: { kind: 'empty' },
    });
    // Documents of an earlier session stay listed: a toast says this one found none.
    expect(afterPoll({ ...waiting, baseline: 3 }, session({ estado: 'completada' }), 3)).toEqual({
      phase: { kind: 'ready' },
      notice: { variant: 'info', text: 'Sesión completada pero no se encontraron documentos' },
    });
  });

  it('says when the session is gone', () => {
    expect(afterPoll(waiting, null, 0).notice?.text).toBe('No se encontró ninguna sesión activa');
  });

  it('counts a look that failed as one that found nothing yet', () => {
    expect(afterPollFailed(waiting)).toEqual({ phase: { ...waiting, polls: 1 } });
    expect(afterPollFailed({ kind: 'ready' })).toEqual({ phase: { kind: 'ready' } });
  });

  it('stops asking after a while and says it is taking long', () => {
    let phase: RetrievalPhase = waiting;
    let polls = 0;
    while (shouldPoll(phase)) {
      phase = afterPoll(phase, completed, 0).phase;
      polls += 1;
    }
    expect(polls).toBe(MAX_POLLS);
    expect(phase).toMatchObject({ kind: 'processing', stalled: true });
  });
});

describe('the widget’s frame', () => {
  const loading: RetrievalPhase = { ...openWidget, frame: 'loading' };

  it('fails, and loads again on “Intentar nuevamente”', () => {
    const failed = withFrame(loading, 'failed');
    expect(failed).toMatchObject({ frame: 'failed' });
    expect(retryFrame(failed)).toMatchObject({ frame: 'loading', attempt: 1 });
  });

  it('is not failed by a late timeout once it has loaded', () => {
    expect(withFrame(withFrame(loading, 'loaded'), 'failed')).toMatchObject({ frame: 'loaded' });
  });
});

describe('what the screen says it can fetch', () => {
  it('names the tax years that exist today, not a fixed span', () => {
    const text = retrievalIntro(retrievalTaxYears('2026-11-25'));
    expect(text).toContain('la declaración de la Renta de 2022 a 2025');
    expect(text).toContain('los certificados de imputaciones del IRPF de 2022 a 2025');
    expect(retrievalIntro(retrievalTaxYears('2026-06-30'))).toContain('de 2021 a 2024');
  });
});

describe('which window messages are accepted', () => {
  const frameWindow = { nombre: 'ventana del widget' };
  const expected = { origin: ORIGIN, source: frameWindow };
  const data = { name: 'session_completed', sessionId: 'ses_1' };

  it('accepts a known event from the widget’s origin and its own frame', () => {
    expect(acceptWidgetMessage({ origin: ORIGIN, source: frameWindow, data }, expected)).toEqual({
      name: 'session_completed',
      sessionId: 'ses_1',
    });
    expect(
      acceptWidgetMessage(
        { origin: ORIGIN, source: frameWindow, data: JSON.stringify({ name: 'session_expired' }) },
        expected,
      ),
    ).toEqual({ name: 'session_expired', sessionId: null });
  });

  it('ignores another origin, even with the right frame', () => {
    expect(
      acceptWidgetMessage(
        { origin: 'https://malicioso.example', source: frameWindow, data },
        expected,
      ),
    ).toBeNull();
    expect(
      acceptWidgetMessage(
        { origin: 'https://widget.proveedor.example:8443', source: frameWindow, data },
        expected,
      ),
    ).toBeNull();
  });

  it('ignores the right origin from another window', () => {
    expect(acceptWidgetMessage({ origin: ORIGIN, source: {}, data }, expected)).toBeNull();
    expect(
      acceptWidgetMessage({ origin: ORIGIN, source: null, data }, { origin: ORIGIN, source: null }),
    ).toBeNull();
  });

  it('ignores unknown or malformed messages', () => {
    for (const bad of [{ name: 'borrar_todo' }, { sessionId: 'x' }, 'no es json', null, 42]) {
      expect(
        acceptWidgetMessage({ origin: ORIGIN, source: frameWindow, data: bad }, expected),
      ).toBeNull();
    }
  });

  it('takes the origin from the widget’s link', () => {
    expect(widgetOrigin(LINK)).toBe(ORIGIN);
    expect(widgetOrigin('http://127.0.0.1:3000/sandbox/bankflip/widget/1')).toBe(
      'http://127.0.0.1:3000',
    );
    expect(widgetOrigin('data:text/html,hola')).toBeNull();
    expect(widgetOrigin('')).toBeNull();
  });
});
