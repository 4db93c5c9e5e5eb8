import {
  documentLinkTarget,
  formatDate,
  madridDay,
  retrievalTaxYears,
  type CaseChecklistDocument,
  type DocumentsOverview,
} from '@cbp/core';
import { Alert, LoadingState, TextLink } from '@cbp/ui';
import * as React from 'react';
import { Link, useLocation } from 'react-router';

import { useAuth } from '../../lib/auth';
import { failureText, LoadFailure } from '../../lib/client-data';
import { useCaseProgress } from '../shell/progress';
import { loadDocuments } from './api';
import { withDocument } from './checklist';
import { RetrievalSection } from './RetrievalSection';
import {
  LOAD_FAILED,
  LOCKED_LABELS,
  retrievalIntro,
  TITLE_OBTAINED,
  TITLE_TO_OBTAIN,
} from './strings';
import { UploadSection } from './UploadSection';
import type { UploadTarget } from './use-uploads';

type View =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'loaded'; readonly overview: DocumentsOverview };

/**
 * /app/obtener-documentos and /app/documentos (spec 02, 2.3): automatic retrieval with Cl@ve
 * PIN, then the manual upload of each holder's documents and the delivery.
 */
export function DocumentsPage() {
  const { authorizedCall, user } = useAuth();
  const progress = useCaseProgress();
  const landOn = documentLinkTarget(useLocation().search);
  const [view, setView] = React.useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = React.useState(0);
  const taxYears = React.useMemo(() => retrievalTaxYears(madridDay(new Date())), []);
  const leadId = user?.leadId ?? null;
  const owner = leadId ?? user?.id ?? 'anonimo';

  React.useEffect(() => {
    let current = true;
    loadDocuments(authorizedCall).then(
      (overview) => {
        if (current) setView({ kind: 'loaded', overview });
      },
      (error: unknown) => {
        console.error('Error al cargar los documentos', error);
        if (current) setView({ kind: 'failed', message: failureText(error, LOAD_FAILED) });
      },
    );
    return () => {
      current = false;
    };
  }, [authorizedCall, attempt]);

  const reloadDocuments = React.useCallback(async () => {
    try {
      const overview = await loadDocuments(authorizedCall);
      setView({ kind: 'loaded', overview });
      return overview;
    } catch (error) {
      console.error('Error al recargar los documentos', error);
      return null;
    }
  }, [authorizedCall]);

  const stepState = progress.states?.get('obtener-documentos');
  const { refresh: refreshProgress } = progress;

  const onStored = React.useCallback(
    (_target: UploadTarget, document: CaseChecklistDocument | null) => {
      if (document === null) void reloadDocuments();
      else {
        setView((current) =>
          current.kind === 'loaded'
            ? { kind: 'loaded', overview: withDocument(current.overview, document) }
            : current,
        );
      }
      // The menu's step moves from "No empezado" with the first file.
      if (stepState === 'no-empezado') refreshProgress();
    },
    [reloadDocuments, refreshProgress, stepState],
  );

  const onDelivered = React.useCallback(() => {
    void reloadDocuments();
    refreshProgress();
  }, [reloadDocuments, refreshProgress]);

  const obtained = view.kind === 'loaded' ? view.overview.obtenidos : [];
  const title = obtained.length > 0 ? TITLE_OBTAINED : TITLE_TO_OBTAIN;

  return (
    <div className="flex max-w-3xl min-w-0 flex-col gap-10">
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          <h1 className="text-3xl leading-tight font-bold">{title}</h1>
          <p className="max-w-prose text-lg">{retrievalIntro(taxYears)}</p>
        </div>
        {/* A sent file takes no new documents: the notice below says so instead. */}
        {view.kind === 'loaded' && view.overview.enviadoEn === null ? (
          <RetrievalSection leadId={leadId} obtained={obtained} reloadDocuments={reloadDocuments} />
        ) : null}
      </div>
      {view.kind === 'loading' ? <LoadingState label="Cargando tus documentos..." /> : null}
      {view.kind === 'failed' ? (
        <LoadFailure
          message={view.message}
          onRetry={() => {
            setView({ kind: 'loading' });
            setAttempt((count) => count + 1);
          }}
        />
      ) : null}
      {view.kind === 'loaded' && view.overview.enviadoEn !== null ? (
        <Alert variant="info" srPrefix="">
          <h2 className="text-xl leading-snug font-bold">{LOCKED_LABELS.title}</h2>
          <p>{LOCKED_LABELS.text(formatDate(view.overview.enviadoEn))}</p>
          <TextLink asChild variant="standalone">
            <Link to="/app/estado-caso">{LOCKED_LABELS.toStatus}</Link>
          </TextLink>
        </Alert>
      ) : null}
      {view.kind === 'loaded' ? (
        <UploadSection
          overview={view.overview}
          owner={owner}
          landOn={landOn}
          onStored={onStored}
          onDelivered={onDelivered}
        />
      ) : null}
    </div>
  );
}
