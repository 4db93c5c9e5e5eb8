import { DECLARATION_MESSAGES, type DeclarationView } from '@cbp/core';
import { describe, expect, it } from 'vitest';

import {
  declarationStateFrom,
  canSign,
  declarationReducer,
  INITIAL_DECLARATION,
  needsSignature,
  signedOn,
  signRequest,
  toSignature,
  type DeclarationAction,
  type DeclarationState,
} from './declaration-state';
import { DECLARATION_HREF, missingGroups } from './state';

const HUELLA = 'a'.repeat(64);
const OTHER_HUELLA = 'b'.repeat(64);

const unsigned: DeclarationView = {
  estado: 'sin-firmar',
  motivo: null,
  texto: ['Lucía Pérez García … DECLARA BAJO SU RESPONSABILIDAD:', '1. Que es titular…'],
  huella: HUELLA,
  firmadaEn: null,
  sha256: null,
};
const signed: DeclarationView = {
  ...unsigned,
  estado: 'firmada',
  firmadaEn: '2026-11-28T09:30:00.000Z',
  sha256: 'c'.repeat(64),
};
const outdated: DeclarationView = { ...signed, estado: 'desactualizada', huella: OTHER_HUELLA };
const unavailable: DeclarationView = {
  estado: 'no-disponible',
  motivo: DECLARATION_MESSAGES.reviewNotFinished,
  texto: [],
  huella: null,
  firmadaEn: null,
  sha256: null,
};

const typed = { tipo: 'escrita', nombre: 'Lucía Pérez García' } as const;

function run(...actions: DeclarationAction[]): DeclarationState {
  return actions.reduce(declarationReducer, INITIAL_DECLARATION);
}

function loaded(state: DeclarationState) {
  if (state.kind !== 'loaded') throw new Error(`expected a loaded declaration, got ${state.kind}`);
  return state;
}

describe('signing the declaración responsable', () => {
  it('waits for a signature while unsigned or outdated, never when signed or unavailable', () => {
    expect(needsSignature(unsigned)).toBe(true);
    expect(needsSignature(outdated)).toBe(true);
    expect(needsSignature(signed)).toBe(false);
    expect(needsSignature(unavailable)).toBe(false);
  });

  it('signs only with a signature, and sends the fingerprint of the text shown', () => {
    const open = run({ type: 'loaded', view: unsigned });
    expect(canSign(open)).toBe(false);
    expect(signRequest(open)).toBeNull();
    const ready = declarationReducer(open, { type: 'set-signature', signature: typed });
    expect(canSign(ready)).toBe(true);
    expect(signRequest(ready)).toEqual({ firma: typed, huella: HUELLA });
  });

  it('cannot sign a declaration that is not available yet, even with a signature', () => {
    const state = run(
      { type: 'loaded', view: unavailable },
      { type: 'set-signature', signature: typed },
    );
    expect(canSign(state)).toBe(false);
    expect(run({ type: 'loaded', view: unavailable }, { type: 'sign' })).toEqual(
      run({ type: 'loaded', view: unavailable }),
    );
  });

  it('signs once at a time, and once signed shows when and forgets the signature', () => {
    const signing = run(
      { type: 'loaded', view: unsigned },
      { type: 'set-signature', signature: typed },
      { type: 'sign' },
    );
    expect(loaded(signing).signing).toBe(true);
    expect(canSign(signing)).toBe(false);
    expect(declarationReducer(signing, { type: 'sign' })).toBe(signing);

    const done = loaded(declarationReducer(signing, { type: 'signed', view: signed }));
    expect(done).toMatchObject({ signing: false, signature: null, error: null, justSigned: true });
    expect(done.view.estado).toBe('firmada');
    expect(signedOn(done.view)).toBe('28/11/2026');
  });

  it('shows the new text when the review changed while signing, and keeps the signature', () => {
    const state = loaded(
      run(
        { type: 'loaded', view: outdated },
        { type: 'set-signature', signature: typed },
        { type: 'sign' },
        {
          type: 'changed',
          view: { ...outdated, huella: HUELLA, texto: ['Nuevo texto'] },
          message: DECLARATION_MESSAGES.changedWhileSigning,
        },
      ),
    );
    expect(state).toMatchObject({
      signing: false,
      error: DECLARATION_MESSAGES.changedWhileSigning,
      signature: typed,
    });
    expect(signRequest(state)).toEqual({ firma: typed, huella: HUELLA });
  });

  it('keeps the failure until the signature changes', () => {
    const failed = run(
      { type: 'loaded', view: unsigned },
      { type: 'sign-failed', message: 'No hemos podido registrar tu firma.' },
    );
    expect(loaded(failed).error).toBe('No hemos podido registrar tu firma.');
    expect(
      loaded(declarationReducer(failed, { type: 'set-signature', signature: typed })).error,
    ).toBeNull();
  });

  it('records a drawn signature as its picture and a typed one as the name', () => {
    expect(toSignature(null)).toBeNull();
    expect(toSignature({ mode: 'draw', image: 'data:image/png;base64,AAAA' })).toEqual({
      tipo: 'dibujada',
      imagen: 'data:image/png;base64,AAAA',
    });
    expect(
      toSignature({ mode: 'type', image: 'data:image/png;base64,BBBB', name: 'Lucía Pérez' }),
    ).toEqual({ tipo: 'escrita', nombre: 'Lucía Pérez' });
  });

  it('leads the missing declaration to its section on the send screen', () => {
    expect(
      missingGroups([
        {
          tipo: 'declaracion',
          mensaje: DECLARATION_MESSAGES.missing,
          enlace: '/app/enviar-expediente',
        },
      ]),
    ).toEqual([
      {
        kind: 'declaracion',
        title: 'Declaración responsable',
        items: [{ message: DECLARATION_MESSAGES.missing, href: DECLARATION_HREF }],
      },
    ]);
  });
});

describe('the declaration from what the send screen read', () => {
  it('opens ready to sign, or on why it could not be read', () => {
    expect(declarationStateFrom({ kind: 'loaded', data: unsigned })).toMatchObject({
      kind: 'loaded',
      view: unsigned,
      signature: null,
      signing: false,
    });
    expect(declarationStateFrom({ kind: 'failed', message: 'x' })).toEqual({
      kind: 'failed',
      message: 'x',
    });
  });
});
