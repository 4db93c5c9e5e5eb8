import { DOCUMENT_MESSAGES, formatDate, isApiError, type DocumentsOverview } from '@cbp/core';
import { Alert, Button } from '@cbp/ui';
import * as React from 'react';

import { useAuth } from '../../lib/auth';
import { useSubmission } from '../../lib/forms/use-submission';
import { deliverDocuments } from './api';
import { missingDocuments } from './checklist';
import { DELIVERY_LABELS } from './strings';
import type { ChosenFile } from './uploads';

export interface DeliveryPanelProps {
  readonly overview: DocumentsOverview;
  /** An upload still on its way: finishing now would leave it out. */
  readonly running: ChosenFile | null;
  readonly onDelivered: () => void;
}

type Outcome =
  | { readonly kind: 'delivered'; readonly faltan: readonly string[] }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'waiting'; readonly fileName: string };

/** 'Finalizar subida de documentos': what is missing before, the server's answer after. */
export function DeliveryPanel({ overview, running, onDelivered }: DeliveryPanelProps) {
  const { authorizedCall } = useAuth();
  const [outcome, setOutcome] = React.useState<Outcome | null>(null);
  const missing = missingDocuments(overview);

  const submission = useSubmission(async () => {
    if (running !== null) {
      setOutcome({ kind: 'waiting', fileName: running.name });
      return;
    }
    setOutcome(null);
    try {
      const answer = await deliverDocuments(authorizedCall);
      // Said here, under the button, and only here: a toast would say it a second time and, on
      // a phone, cover what comes next (decision 0673).
      setOutcome({ kind: 'delivered', faltan: answer.data.faltan });
      onDelivered();
    } catch (error) {
      console.error('Error al finalizar la subida de documentos', error);
      const message = isApiError(error)
        ? error.message
        : 'No hemos podido enviar tu documentación. Inténtalo de nuevo.';
      setOutcome({ kind: 'refused', message });
    }
  });

  return (
    <div
      data-slot="documents-delivery"
      className="flex flex-col gap-4 border-t-2 border-border pt-6"
    >
      {overview.entregadoEn === null ? null : (
        <p>{DELIVERY_LABELS.deliveredOn(formatDate(overview.entregadoEn))}</p>
      )}
      {missing.length === 0 ? (
        <p>{DELIVERY_LABELS.complete}</p>
      ) : (
        <div className="flex flex-col gap-2">
          <p>{DELIVERY_LABELS.missingBefore(missing.length)}</p>
          <details className="group">
            <summary className="w-fit cursor-pointer rounded-sm font-semibold text-link underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring">
              {DELIVERY_LABELS.missingSummary}
            </summary>
            <ul className="mt-2 list-disc ps-6">
              {missing.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </details>
        </div>
      )}
      <div>
        <Button
          size="lg"
          className="w-full sm:w-auto"
          busy={submission.busy}
          busyLabel={DELIVERY_LABELS.finishing}
          onClick={() => void submission.submit()}
        >
          {DELIVERY_LABELS.finish}
        </Button>
      </div>
      {outcome?.kind === 'waiting' ? (
        <Alert variant="warning">
          <p>{DELIVERY_LABELS.uploadsRunning(outcome.fileName)}</p>
        </Alert>
      ) : null}
      {outcome?.kind === 'refused' ? (
        <Alert variant="error">
          <p>{outcome.message}</p>
        </Alert>
      ) : null}
      {outcome?.kind === 'delivered' ? (
        <Alert variant="success">
          <p>{DOCUMENT_MESSAGES.delivered}</p>
        </Alert>
      ) : null}
      {outcome?.kind === 'delivered' && outcome.faltan.length > 0 ? (
        <Alert variant="warning">
          <p>{DELIVERY_LABELS.missingAfter}</p>
          <ul className="list-disc ps-6">
            {outcome.faltan.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
}
