import { DECLARATION_MESSAGES, isApiError, type DeclarationView } from '@cbp/core';
import { Alert, Button, TextLink } from '@cbp/ui';
import * as React from 'react';
import { Link } from 'react-router';

import { useAuth } from '../../lib/auth';
import { failureText, useOnNewData, type Loaded } from '../../lib/client-loader';
import { DownloadButton } from '../../lib/download-button';
import { LazySignaturePad } from '../../lib/lazy-signature-pad';
import { LoadFailure } from '../../lib/load-failure';
import { downloadDeclaration, loadDeclaration, signDeclaration } from './declaration-api';
import {
  declarationReducer,
  declarationStateFrom,
  loadedDeclaration,
  needsSignature,
  signedOn,
  signRequest,
  toSignature,
} from './declaration-state';
import {
  DECLARATION_DOWNLOAD,
  DECLARATION_DOWNLOAD_FAILED,
  DECLARATION_DOWNLOADING,
  DECLARATION_INTRO,
  DECLARATION_NO_SIGNATURE,
  DECLARATION_SHOW_TEXT,
  DECLARATION_SIGN,
  DECLARATION_SIGN_FAILED,
  DECLARATION_SIGNATURE_LABEL,
  DECLARATION_SIGNING,
  DECLARATION_TEXT_LABEL,
  DECLARATION_TITLE,
  DECLARATION_TO_REVIEW,
  DECLARATION_TYPED_HINT,
  declarationSignedText,
} from './strings';

/** Where the send screen's "what is missing" list leads for the declaration. */
export const DECLARATION_ANCHOR = 'declaracion-responsable';

function DeclarationText({ texto }: { texto: readonly string[] }) {
  return (
    <div
      role="group"
      aria-label={DECLARATION_TEXT_LABEL}
      className="flex max-w-prose flex-col gap-3 border-2 border-border p-4 wrap-anywhere"
    >
      {texto.map((paragraph, index) => (
        // The paragraphs are the document's, in order, and never move: the index is their key.
        <p key={index} className={paragraph.startsWith('– ') ? 'ps-4' : undefined}>
          {paragraph}
        </p>
      ))}
    </div>
  );
}

/**
 * The declaración responsable on the send screen (decision 0640): its text, written from the
 * finished review, and the signature pad while it waits to be signed (again, when the review
 * changed after signing); once signed, when, its download and the text signed. `onSigned` lets
 * the page ask again what is missing.
 */
export function DeclarationSection({
  declaration,
  locked,
  onSigned,
}: {
  /** As the send screen's loader read it. */
  declaration: Loaded<DeclarationView>;
  /** The file is sent or being built: nothing can be signed. */
  locked: boolean;
  onSigned: () => void;
}) {
  const { authorizedCall } = useAuth();
  const [state, dispatch] = React.useReducer(declarationReducer, declaration, declarationStateFrom);
  const resultRef = React.useRef<HTMLParagraphElement>(null);
  const errorRef = React.useRef<HTMLDivElement>(null);
  const headingId = React.useId();
  useOnNewData(declaration, (data) => {
    dispatch(loadedDeclaration(data));
  });

  const justSigned = state.kind === 'loaded' && state.justSigned;
  React.useEffect(() => {
    if (justSigned) resultRef.current?.focus();
  }, [justSigned]);

  const sign = async () => {
    if (state.kind !== 'loaded' || state.signing) return;
    const request = signRequest(state);
    if (request === null) {
      dispatch({ type: 'sign-failed', message: DECLARATION_NO_SIGNATURE });
      errorRef.current?.focus();
      return;
    }
    dispatch({ type: 'sign' });
    try {
      const view = await signDeclaration(authorizedCall, request);
      dispatch({ type: 'signed', view });
      onSigned();
    } catch (error) {
      if (isApiError(error) && error.message === DECLARATION_MESSAGES.changedWhileSigning) {
        const view = await loadDeclaration(authorizedCall).catch(() => null);
        if (view !== null) {
          dispatch({ type: 'changed', view, message: error.message });
          return;
        }
      }
      console.error('Error al firmar la declaración responsable', error);
      dispatch({ type: 'sign-failed', message: failureText(error, DECLARATION_SIGN_FAILED) });
    }
  };

  const error = state.kind === 'loaded' ? state.error : null;
  // Once the file is sent, the declaration that went with it is what counts, even if a later
  // calculation would write it differently.
  const showSigned =
    state.kind === 'loaded' &&
    (state.view.estado === 'firmada' || (locked && state.view.firmadaEn !== null));
  React.useEffect(() => {
    if (error !== null) errorRef.current?.focus();
  }, [error]);

  return (
    <section
      id={DECLARATION_ANCHOR}
      aria-labelledby={headingId}
      className="flex min-w-0 scroll-mt-4 flex-col gap-4"
    >
      <h2 id={headingId} className="text-2xl font-bold">
        {DECLARATION_TITLE}
      </h2>
      {state.kind === 'failed' ? <LoadFailure message={state.message} /> : null}
      {state.kind === 'loaded' && state.view.estado === 'no-disponible' ? (
        <>
          <p className="max-w-prose">{state.view.motivo}</p>
          <p>
            <TextLink asChild variant="standalone">
              <Link to="/app/revisar-expediente">{DECLARATION_TO_REVIEW}</Link>
            </TextLink>
          </p>
        </>
      ) : null}
      {state.kind === 'loaded' && showSigned ? (
        <>
          <p ref={resultRef} tabIndex={-1} className="max-w-prose outline-none">
            {declarationSignedText(signedOn(state.view) ?? '')}
          </p>
          <div>
            <DownloadButton
              label={DECLARATION_DOWNLOAD}
              busyLabel={DECLARATION_DOWNLOADING}
              failure={DECLARATION_DOWNLOAD_FAILED}
              download={() => downloadDeclaration(authorizedCall)}
            />
          </div>
          <details className="flex flex-col gap-2">
            <summary className="cursor-pointer font-bold">{DECLARATION_SHOW_TEXT}</summary>
            <DeclarationText texto={state.view.texto} />
          </details>
        </>
      ) : null}
      {state.kind === 'loaded' && !showSigned && needsSignature(state.view) ? (
        <>
          {state.view.estado === 'desactualizada' ? (
            <Alert variant="warning">
              <p>{DECLARATION_MESSAGES.changed}</p>
            </Alert>
          ) : null}
          <p className="max-w-prose">{DECLARATION_INTRO}</p>
          <DeclarationText texto={state.view.texto} />
          {locked ? null : (
            <>
              <LazySignaturePad
                label={DECLARATION_SIGNATURE_LABEL}
                typedNameHint={DECLARATION_TYPED_HINT}
                onSignatureChange={(value) => {
                  dispatch({ type: 'set-signature', signature: toSignature(value) });
                }}
              />
              {state.error !== null ? (
                <div ref={errorRef} tabIndex={-1} className="outline-none">
                  <Alert variant="error">
                    <p>{state.error}</p>
                  </Alert>
                </div>
              ) : null}
              <div>
                <Button
                  size="lg"
                  busy={state.signing}
                  busyLabel={DECLARATION_SIGNING}
                  onClick={() => {
                    void sign();
                  }}
                >
                  {DECLARATION_SIGN}
                </Button>
              </div>
            </>
          )}
        </>
      ) : null}
    </section>
  );
}
