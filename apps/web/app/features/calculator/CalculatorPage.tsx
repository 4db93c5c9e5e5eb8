import type { CalculationRecord, CalculatorStep } from '@cbp/core';
import { LoadingState } from '@cbp/ui';
import * as React from 'react';
import { useLoaderData, useLocation } from 'react-router';

import { useAuth } from '../../lib/auth';
import { useOnNewData, type Loaded } from '../../lib/client-loader';
import { hasUnsavedCopy } from '../../lib/forms/use-autosave';
import { LoadFailure } from '../../lib/load-failure';
import { useCaseProgress } from '../shell/progress';
import type { CalculatorData } from './api';
import { CalculatorWizard } from './CalculatorWizard';
import type { clientLoader } from './loader';
import { nextTaskLink } from './next-task';
import { fromRequest } from './state';
import {
  calculatorCopyName,
  cuotaActualFromState,
  instantRevision,
  startingPoint,
  type StartingPoint,
} from './start';
import { WIZARD_TITLE } from './strings';

// Most visits open on the wizard (a first visit, a draft, changes to save), which comes with the
// screen; the results load when they are shown.
const CalculatorResults = React.lazy(() =>
  import('./CalculatorResults').then((module) => ({ default: module.CalculatorResults })),
);

type View =
  | { kind: 'failed'; message: string }
  | { kind: 'wizard'; start: StartingPoint; focus: boolean; id: number }
  | { kind: 'results'; record: CalculationRecord; focus: boolean };

/**
 * Where the calculator opens: the draft on the wizard's step, else the last result, else a new
 * wizard with what the simulator already knows. Changes this browser could not save yet open
 * the wizard, which restores and saves them.
 */
function openingView(
  loaded: Loaded<CalculatorData>,
  leadId: string | null,
  cuotaActual: number | null,
  focus: boolean,
): View {
  if (loaded.kind === 'failed') return loaded;
  const data = loaded.data;
  const unsaved =
    leadId !== null &&
    hasUnsavedCopy(calculatorCopyName(leadId), instantRevision(data.latest?.creado ?? null));
  if (data.start.draft === null && data.latest !== null && !unsaved) {
    return { kind: 'results', record: data.latest, focus: false };
  }
  return { kind: 'wizard', start: startingPoint({ ...data.start, cuotaActual }), focus, id: 0 };
}

/**
 * /app: the calculator. It opens where the client left it on any device (`openingView`); the
 * route's loader reads what it starts from.
 */
export function CalculatorPage() {
  const { user } = useAuth();
  const leadId = user?.leadId ?? null;
  const progress = useCaseProgress();
  const location = useLocation();
  const loaded = useLoaderData<typeof clientLoader>();
  // cuotaActual is read once, on arrival.
  const [cuotaActual] = React.useState(() => cuotaActualFromState(location.state));
  const [view, setView] = React.useState<View>(() =>
    openingView(loaded, leadId, cuotaActual, false),
  );
  // A new read replaces a failure ('Intentar de nuevo'); a screen in use keeps its state.
  useOnNewData(loaded, (data) => {
    if (view.kind === 'failed') setView(openingView(data, leadId, cuotaActual, true));
  });

  const calculatorState = progress.states?.get('calcular-cuota');
  const { refresh } = progress;
  // Stable, so the wizard's autosave is not re-armed each time the menu's states arrive.
  const onDraftSaved = React.useCallback(() => {
    if (calculatorState === 'no-empezado') refresh();
  }, [calculatorState, refresh]);

  const loading = (
    <div className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl leading-tight font-bold">{WIZARD_TITLE}</h1>
      <LoadingState label="Cargando tus datos..." />
    </div>
  );

  return <React.Suspense fallback={loading}>{screen()}</React.Suspense>;

  function screen() {
    switch (view.kind) {
      case 'failed':
        return (
          <div className="flex max-w-2xl flex-col gap-6">
            <h1 className="text-3xl leading-tight font-bold">{WIZARD_TITLE}</h1>
            <LoadFailure message={view.message} />
          </div>
        );
      case 'wizard':
        return (
          <CalculatorWizard
            key={view.id}
            start={view.start}
            focusOnMount={view.focus}
            onDraftSaved={onDraftSaved}
            onCalculated={(record) => {
              setView({ kind: 'results', record, focus: true });
              progress.refresh();
            }}
          />
        );
      case 'results':
        return (
          <CalculatorResults
            record={view.record}
            focusOnMount={view.focus}
            next={nextTaskLink(progress.states)}
            onEdit={(step: CalculatorStep) => {
              setView({
                kind: 'wizard',
                start: {
                  values: fromRequest(view.record.entrada),
                  step,
                  prefilled: null,
                  revision: instantRevision(view.record.creado),
                },
                focus: true,
                id: Date.now(),
              });
            }}
          />
        );
    }
  }
}
