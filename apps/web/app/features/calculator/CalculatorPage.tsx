import type { CalculationRecord, CalculatorStep } from '@cbp/core';
import { LoadingState } from '@cbp/ui';
import * as React from 'react';
import { useLocation } from 'react-router';

import { useAuth } from '../../lib/auth';
import { failureText, LoadFailure } from '../../lib/client-data';
import { useCaseProgress } from '../shell/progress';
import { loadCalculator } from './api';
import { nextTaskLink } from './results';
import { hasUnsavedCopy } from '../../lib/forms/use-autosave';
import {
  calculatorCopyName,
  cuotaActualFromState,
  fromRequest,
  instantRevision,
  startingPoint,
  type StartingPoint,
} from './state';
import { LOAD_FAILED, WIZARD_TITLE } from './strings';

// The first visit shows the wizard, later ones the results: each loads only what it shows.
const CalculatorWizard = React.lazy(() =>
  import('./CalculatorWizard').then((module) => ({ default: module.CalculatorWizard })),
);
const CalculatorResults = React.lazy(() =>
  import('./CalculatorResults').then((module) => ({ default: module.CalculatorResults })),
);

type View =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'wizard'; start: StartingPoint; focus: boolean; id: number }
  | { kind: 'results'; record: CalculationRecord; focus: boolean };

/**
 * /app: the calculator. It opens where the client left it on any device: the draft on the
 * wizard's step, else the last result, else a new wizard with what the simulator already knows.
 */
export function CalculatorPage() {
  const { authorizedCall, user } = useAuth();
  const leadId = user?.leadId ?? null;
  const progress = useCaseProgress();
  const location = useLocation();
  const cuotaActual = cuotaActualFromState(location.state);
  const [view, setView] = React.useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = React.useState(0);

  React.useEffect(() => {
    let current = true;
    loadCalculator(authorizedCall).then(
      (data) => {
        if (!current) return;
        // Changes this browser could not save yet open the wizard, which restores and saves them.
        const unsaved =
          leadId !== null &&
          hasUnsavedCopy(calculatorCopyName(leadId), instantRevision(data.latest?.creado ?? null));
        if (data.start.draft === null && data.latest !== null && !unsaved) {
          setView({ kind: 'results', record: data.latest, focus: false });
        } else {
          setView({
            kind: 'wizard',
            start: startingPoint({ ...data.start, cuotaActual }),
            focus: attempt > 0,
            id: 0,
          });
        }
      },
      (error: unknown) => {
        console.error('Error al cargar la calculadora', error);
        if (current) setView({ kind: 'failed', message: failureText(error, LOAD_FAILED) });
      },
    );
    return () => {
      current = false;
    };
    // cuotaActual is read once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [authorizedCall, attempt]);

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
      case 'loading':
        return loading;
      case 'failed':
        return (
          <div className="flex max-w-2xl flex-col gap-6">
            <h1 className="text-3xl leading-tight font-bold">{WIZARD_TITLE}</h1>
            <LoadFailure
              message={view.message}
              onRetry={() => {
                setView({ kind: 'loading' });
                setAttempt((count) => count + 1);
              }}
            />
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
