import {
  documentLinkTarget,
  formatDate,
  madridDay,
  retrievalTaxYears,
  type CaseChecklistDocument,
  type DocumentsOverview,
} from '@cbp/core';
import { Alert, TextLink } from '@cbp/ui';
import * as React from 'react';
import { Link, useLoaderData, useLocation } from 'react-router';

import { useAuth } from '../../lib/auth';
import { useReload, type Loaded } from '../../lib/client-loader';
import { LoadFailure } from '../../lib/load-failure';
import { useCaseProgress } from '../shell/progress';
import { loadDocuments } from './api';
import { withDocument } from './checklist';
import type { clientLoader } from './loader';
import { RetrievalSection } from './RetrievalSection';
import { LOCKED_LABELS, retrievalIntro, TITLE_OBTAINED, TITLE_TO_OBTAIN } from './strings';
import { UploadSection } from './UploadSection';
import type { UploadTarget } from './use-uploads';

/** The overview as the loader read it, or as uploads and the retrieval's polls changed it since. */
interface Patched {
  readonly base: Loaded<DocumentsOverview>;
  readonly overview: DocumentsOverview;
}

/**
 * /app/obtener-documentos and /app/documentos (spec 02, 2.3): automatic retrieval with Cl@ve
 * PIN, then the manual upload of each holder's documents and the delivery.
 */
export function DocumentsPage() {
  const { authorizedCall, user } = useAuth();
  const progress = useCaseProgress();
  const landOn = documentLinkTarget(useLocation().search);
  const loaded = useLoaderData<typeof clientLoader>();
  const { reload } = useReload();
  const [patched, setPatched] = React.useState<Patched | null>(null);
  const taxYears = React.useMemo(() => retrievalTaxYears(madridDay(new Date())), []);
  const leadId = user?.leadId ?? null;
  const owner = leadId ?? user?.id ?? 'anonimo';
  // A newer read by the loader replaces whatever was patched into the one before.
  const overview =
    loaded.kind !== 'loaded' ? null : patched?.base === loaded ? patched.overview : loaded.data;

  // Stable, so the retrieval's polling is not restarted each time the loader reads again.
  const latest = React.useRef(loaded);
  React.useEffect(() => {
    latest.current = loaded;
  }, [loaded]);
  const patch = React.useCallback((change: (current: DocumentsOverview) => DocumentsOverview) => {
    const base = latest.current;
    if (base.kind !== 'loaded') return;
    setPatched((current) => ({
      base,
      overview: change(current?.base === base ? current.overview : base.data),
    }));
  }, []);

  // The retrieval polls while the provider works: each answer updates the list in place.
  const reloadDocuments = React.useCallback(async () => {
    try {
      const fresh = await loadDocuments(authorizedCall);
      patch(() => fresh);
      return fresh;
    } catch (error) {
      console.error('Error al recargar los documentos', error);
      return null;
    }
  }, [authorizedCall, patch]);

  const stepState = progress.states?.get('obtener-documentos');
  const { refresh: refreshProgress } = progress;

  const onStored = React.useCallback(
    (_target: UploadTarget, document: CaseChecklistDocument | null) => {
      if (document === null) reload();
      else patch((current) => withDocument(current, document));
      // The menu's step moves from "No empezado" with the first file.
      if (stepState === 'no-empezado') refreshProgress();
    },
    [reload, patch, refreshProgress, stepState],
  );

  const onDelivered = React.useCallback(() => {
    reload();
    refreshProgress();
  }, [reload, refreshProgress]);

  const obtained = overview?.obtenidos ?? [];
  const title = obtained.length > 0 ? TITLE_OBTAINED : TITLE_TO_OBTAIN;

  return (
    <div className="flex max-w-3xl min-w-0 flex-col gap-10">
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          <h1 className="text-3xl leading-tight font-bold">{title}</h1>
          <p className="max-w-prose text-lg">{retrievalIntro(taxYears)}</p>
        </div>
        {/* A sent file takes no new documents: the notice below says so instead. */}
        {overview !== null && overview.enviadoEn === null ? (
          <RetrievalSection leadId={leadId} obtained={obtained} reloadDocuments={reloadDocuments} />
        ) : null}
      </div>
      {loaded.kind === 'failed' ? <LoadFailure message={loaded.message} /> : null}
      {overview !== null && overview.enviadoEn !== null ? (
        <Alert variant="info" srPrefix="">
          <h2 className="text-xl leading-snug font-bold">{LOCKED_LABELS.title}</h2>
          <p>{LOCKED_LABELS.text(formatDate(overview.enviadoEn))}</p>
          <TextLink asChild variant="standalone">
            <Link to="/app/estado-caso">{LOCKED_LABELS.toStatus}</Link>
          </TextLink>
        </Alert>
      ) : null}
      {overview !== null ? (
        <UploadSection
          overview={overview}
          owner={owner}
          landOn={landOn}
          onStored={onStored}
          onDelivered={onDelivered}
        />
      ) : null}
    </div>
  );
}
