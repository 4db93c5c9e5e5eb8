import {
  isApiError,
  reviewFieldNameSchema,
  type ReviewDraft,
  type ReviewFieldName,
} from '@cbp/core';
import { LoadingState } from '@cbp/ui';
import * as React from 'react';
import {
  NavigationType,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';

import { useAuth } from '../../lib/auth';
import { useOnNewData, useReload } from '../../lib/client-loader';
import { forgetUnsavedCopy, hasUnsavedCopy } from '../../lib/forms/use-autosave';
import { LoadFailure } from '../../lib/load-failure';
import { useSubmission } from '../../lib/forms/use-submission';
import { useCaseProgress } from '../shell/progress';
import { fieldMessagesOf, finalizeReview, isLockedError } from './api';
import type { clientLoader } from './loader';
import { ReviewSummary } from './ReviewSummary';
import { ReviewWizard } from './ReviewWizard';
import { fromDraft, problemsAt, reviewCopyName, type FieldErrors } from './state';
import { FINALIZE_FAILED, LOADING, WIZARD_TITLE } from './strings';

type View =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'locked' }
  | { readonly kind: 'summary'; readonly focus: boolean }
  | {
      readonly kind: 'wizard';
      readonly id: number;
      readonly field: ReviewFieldName | null;
      readonly errors: FieldErrors;
      readonly focus: boolean;
    };

/** The summary's address and a 'Cambiar' link's (the search keeps one route and a sane back). */
export const SUMMARY_SEARCH = '?vista=resumen';
export function changeSearch(field: ReviewFieldName): string {
  return `?cambiar=${field}`;
}

/** Marks the summary shown on arrival, which leaves the focus where a page load puts it. */
const ARRIVAL = { llegada: true } as const;
function isArrival(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'llegada' in state;
}

/** Messages handed over with a 'Cambiar' after the server refused to finalize from the summary. */
function errorsFromState(state: unknown): FieldErrors {
  if (typeof state !== 'object' || state === null || !('errores' in state)) return {};
  const errores = state.errores;
  if (typeof errores !== 'object' || errores === null) return {};
  const errors: FieldErrors = {};
  for (const [name, message] of Object.entries(errores)) {
    const field = reviewFieldNameSchema.safeParse(name);
    if (field.success && typeof message === 'string') errors[field.data] = message;
  }
  return errors;
}

/**
 * /app/revisar-expediente: the review wizard where the person left it (on any device), or the
 * check-your-answers summary once finalized (`?vista=resumen`), or, once the file was sent, the
 * answers without changes. 'Cambiar' opens the wizard on one field (`?cambiar=campo`).
 */
export function ReviewPage() {
  const { authorizedCall, user } = useAuth();
  const progress = useCaseProgress();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const loadedData = useLoaderData<typeof clientLoader>();
  const { reload } = useReload();
  const [draft, setDraft] = React.useState<ReviewDraft | null>(
    loadedData.kind === 'loaded' ? loadedData.data : null,
  );
  const [view, setView] = React.useState<View>(
    loadedData.kind === 'failed' ? loadedData : { kind: 'loading' },
  );
  const [summaryFailure, setSummaryFailure] = React.useState<string | null>(null);
  const shown = React.useRef(false);
  const leadId = user?.leadId ?? null;
  const copyName = leadId === null ? null : reviewCopyName(leadId);
  const wizards = React.useRef(0);

  // What the loader reads again (a retry, a locked file) is what the screen shows from then on.
  useOnNewData(loadedData, (data) => {
    if (data.kind === 'loaded') setDraft(data.data);
    else setView(data);
  });

  // The latest draft without re-running the choice of view on every save.
  const latest = React.useRef(draft);
  React.useEffect(() => {
    latest.current = draft;
  }, [draft]);
  const loaded = draft !== null;

  React.useEffect(() => {
    const known = latest.current;
    if (!loaded || known === null) return;
    const first = !shown.current;
    shown.current = true;
    if (known.bloqueado) {
      if (copyName !== null) forgetUnsavedCopy(copyName);
      setView({ kind: 'locked' });
      return;
    }
    // Changes this browser could not save yet: the wizard restores and saves them.
    const unsaved = copyName !== null && hasUnsavedCopy(copyName, known.revision);
    const params = new URLSearchParams(location.search);
    if (params.get('vista') === 'resumen' && !unsaved) {
      setView({ kind: 'summary', focus: !first && !isArrival(location.state) });
      return;
    }
    const field = reviewFieldNameSchema.safeParse(params.get('cambiar'));
    if (field.success) {
      wizards.current += 1;
      setView({
        kind: 'wizard',
        id: wizards.current,
        field: field.data,
        errors: errorsFromState(location.state),
        focus: true,
      });
      // The field was opened: a reload or the menu should not open it again.
      void navigate({ pathname: location.pathname, search: '' }, { replace: true });
      return;
    }
    // Arriving at a finalized review shows its summary; going back from it shows the wizard.
    if (
      !unsaved &&
      (first || navigationType === NavigationType.Push) &&
      known.finalizada !== null
    ) {
      void navigate(
        { pathname: location.pathname, search: SUMMARY_SEARCH },
        { replace: true, state: ARRIVAL },
      );
      return;
    }
    setView((current) => {
      if (current.kind === 'wizard') return current;
      wizards.current += 1;
      return { kind: 'wizard', id: wizards.current, field: null, errors: {}, focus: !first };
    });
    // Only a new address (or a new load) chooses the view again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, loaded]);

  const reviewState = progress.states?.get('revisar-expediente');
  const { refresh } = progress;
  const onSaved = React.useCallback(
    (saved: ReviewDraft) => {
      setDraft(saved);
      if (reviewState === 'no-empezado') refresh();
    },
    [reviewState, refresh],
  );
  const onLocked = React.useCallback(() => {
    setDraft(null);
    setView({ kind: 'loading' });
    reload();
  }, [reload]);
  const onFinalized = React.useCallback(
    (finalized: ReviewDraft) => {
      setDraft(finalized);
      refresh();
      void navigate({ pathname: location.pathname, search: SUMMARY_SEARCH });
    },
    [navigate, location.pathname, refresh],
  );

  // 'Finalizar revisión' on the summary, when the answers changed after it was finalized.
  const finalizeAgain = useSubmission(async () => {
    setSummaryFailure(null);
    try {
      setDraft(await finalizeReview(authorizedCall));
      refresh();
    } catch (error) {
      const messages = fieldMessagesOf(error);
      const refused =
        messages === null || draft === null ? null : problemsAt(fromDraft(draft), messages);
      if (refused !== null) {
        void navigate(
          { pathname: location.pathname, search: changeSearch(refused.first) },
          { state: { errores: refused.errors } },
        );
      } else if (isLockedError(error)) {
        onLocked();
      } else {
        console.error('No se pudo finalizar la revisión', error);
        setSummaryFailure(
          isApiError(error) && (error.status ?? 500) < 500 ? error.message : FINALIZE_FAILED,
        );
      }
    }
  });

  const title = <h1 className="text-3xl leading-tight font-bold">{WIZARD_TITLE}</h1>;

  if (view.kind === 'failed') {
    return (
      <div className="flex max-w-2xl flex-col gap-6">
        {title}
        <LoadFailure message={view.message} />
      </div>
    );
  }
  if (view.kind === 'loading' || draft === null) {
    return (
      <div className="flex max-w-2xl flex-col gap-6">
        {title}
        <LoadingState label={LOADING} />
      </div>
    );
  }
  if (view.kind === 'locked') return <ReviewSummary draft={draft} />;
  if (view.kind === 'summary') {
    return (
      <ReviewSummary
        draft={draft}
        focusOnMount={view.focus}
        changeHref={(field) => `${location.pathname}${changeSearch(field)}`}
        onFinalize={() => void finalizeAgain.submit()}
        finalizing={finalizeAgain.busy}
        failure={summaryFailure}
      />
    );
  }
  return (
    <ReviewWizard
      key={view.id}
      draft={draft}
      copyName={copyName}
      field={view.field}
      initialErrors={view.errors}
      focusOnMount={view.focus}
      onSaved={onSaved}
      onFinalized={onFinalized}
      onLocked={onLocked}
    />
  );
}
