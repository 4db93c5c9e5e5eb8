import {
  DECLARATION_DOCUMENT_ID,
  madridDay,
  SUBMISSION_MESSAGES,
  submissionPresentationRequestSchema,
  submissionReopenRequestSchema,
  type SubmissionView,
} from '@cbp/core';
import { Alert, Button, Field, SummaryList, TextInput } from '@cbp/ui';
import * as React from 'react';

import { DownloadButton } from '../../lib/download-button';
import { useFormErrors } from '../../lib/forms/use-form-errors';
import { useSubmission } from '../../lib/forms/use-submission';
import { staffCaseFiles } from './api';
import { useStaff } from './context';
import { useLeadAction } from './lead-actions';
import { Loaded } from './LoadError';
import { NoteDialog } from './NoteDialog';
import { OutcomeStatus } from './OutcomeStatus';
import type { PanelData } from './panel-data';
import { failureMessage } from './strings';
import { submissionPanelView } from './submission';

const PRESENTATION_FIELDS = ['fecha'] as const;

/**
 * The day the firm presented the sent file to the bank, from which the bank's month runs: a
 * native date field, the server's refusal word for word on it, and the panel read again after.
 * Recording it again corrects it.
 */
function PresentationForm({
  desde,
  fecha: recorded,
  onDone,
}: {
  /** The sending day in Spain (ISO): the earliest day allowed. */
  desde: string;
  /** The day recorded (ISO), or ''. */
  fecha: string;
  onDone: (outcome: string) => void;
}) {
  const act = useLeadAction();
  const [fecha, setFecha] = React.useState(recorded);
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useFormErrors(PRESENTATION_FIELDS, () => 'presentacion-fecha');

  const submission = useSubmission(async () => {
    setFailure(null);
    const parsed = submissionPresentationRequestSchema.safeParse({ fecha });
    if (!parsed.success) {
      form.showParseErrors(parsed.error);
      return;
    }
    form.clear();
    try {
      await act('presentacion', parsed.data);
      onDone(SUBMISSION_MESSAGES.presented);
    } catch (error) {
      if (form.showApiErrors(error)) return;
      setFailure(failureMessage(error));
    }
  });

  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-xl font-bold">Presentación al banco</h3>
      {form.summary}
      {failure === null ? null : (
        <Alert variant="error">
          <p>{failure}</p>
        </Alert>
      )}
      <form noValidate onSubmit={submission.onSubmit} className="flex flex-col gap-4">
        <Field
          id="presentacion-fecha"
          label="Fecha de presentación al banco"
          hint="El mes que tiene el banco para responder cuenta desde ese día. Se avisa al cliente por correo."
          required
          error={form.errors.fecha}
        >
          <TextInput
            type="date"
            className="max-w-48"
            min={desde}
            max={madridDay(new Date())}
            value={fecha}
            onChange={(event) => {
              setFecha(event.target.value);
            }}
          />
        </Field>
        <Button type="submit" busy={submission.busy} busyLabel="Registrando..." className="w-fit">
          Registrar presentación
        </Button>
      </form>
    </div>
  );
}

function Submission({ leadId, view }: { leadId: string; view: SubmissionView }) {
  const { call } = useStaff();
  const act = useLeadAction();
  const panel = submissionPanelView(view);
  const [outcome, setOutcome] = React.useState('');
  const statusRef = React.useRef<HTMLParagraphElement>(null);

  const rows = [
    { key: 'Estado', value: panel.estado },
    { key: 'Banco', value: panel.banco },
    { key: 'Código', value: panel.codigo },
    {
      key: 'Medidas',
      value:
        panel.medidas.length === 0 ? (
          '—'
        ) : (
          <ul className="flex list-disc flex-col gap-1 ps-5">
            {panel.medidas.map((medida) => (
              <li key={medida}>{medida}</li>
            ))}
          </ul>
        ),
    },
    { key: 'Documentos', value: panel.documentos },
    { key: 'Plan', value: panel.plan },
    ...(panel.presentadoEl === null
      ? []
      : [{ key: 'Presentado al banco', value: panel.presentadoEl }]),
    ...(panel.respuestaAntesDe === null
      ? []
      : [{ key: 'Respuesta antes del', value: panel.respuestaAntesDe }]),
  ];

  return (
    <div className="flex flex-col gap-4">
      <SummaryList rows={rows} />
      {panel.preparacion === null ? null : <p className="font-semibold">{panel.preparacion}</p>}
      {panel.enviado ? null : (
        <>
          <h3 className="text-xl font-bold">Falta para poder enviarlo</h3>
          {panel.faltan.length === 0 ? (
            <p>Nada: el cliente ya puede enviarlo.</p>
          ) : (
            <ul
              aria-label="Falta para poder enviarlo"
              className="flex list-disc flex-col gap-1 ps-5"
            >
              {panel.faltan.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </>
      )}
      {view.documentos.some(
        (document) => document.id === DECLARATION_DOCUMENT_ID && document.estado !== null,
      ) ? (
        <DownloadButton
          label="Descargar la declaración responsable firmada"
          busyLabel="Descargando..."
          failure={failureMessage}
          inline
          download={() => call((token) => staffCaseFiles().downloadLeadDeclaration(token, leadId))}
        />
      ) : null}
      <OutcomeStatus outcome={outcome} focusRef={statusRef} />
      {panel.presentacion === null ? null : (
        <PresentationForm
          desde={panel.presentacion.desde}
          fecha={panel.presentacion.fecha}
          onDone={setOutcome}
        />
      )}
      {panel.enviado ? (
        <div className="flex flex-wrap gap-3">
          {panel.partes.map((part) => (
            <div key={part.numero} className="flex flex-col items-start gap-1">
              <DownloadButton
                label={part.label}
                busyLabel="Descargando..."
                failure={failureMessage}
                inline
                download={() =>
                  call((token) =>
                    staffCaseFiles().downloadLeadSubmission(token, leadId, part.numero),
                  )
                }
              />
              {part.contenido === '' ? null : (
                <span className="text-muted-foreground">{part.contenido}</span>
              )}
            </div>
          ))}
          <NoteDialog
            trigger={<Button variant="destructive">Reabrir expediente</Button>}
            title="Reabrir el expediente"
            description="El cliente podrá cambiar de nuevo sus datos y sus documentos, y tendrá que volver a enviarlo. Queda en la auditoría y en el historial del caso, y se avisa al cliente por correo."
            fieldIds={{ nota: 'reabrir-nota' }}
            note={{
              name: 'nota',
              label: 'Por qué se reabre',
              hint: 'Se guarda en la auditoría.',
              required: true,
              maxLength: 2000,
            }}
            read={(nota) => submissionReopenRequestSchema.safeParse({ nota })}
            submitLabel="Reabrir expediente"
            busyLabel="Reabriendo..."
            destructive
            onConfirm={async (request) => {
              await act('reabrir', request);
              setOutcome(SUBMISSION_MESSAGES.reopened);
            }}
            doneFocus={statusRef}
          />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The case's file: sent or not, to which bank under which code, what is missing; the day it was
 * presented to the bank; its PDF and reopening.
 */
export function LeadSubmission({
  leadId,
  submission,
}: {
  leadId: string;
  submission: PanelData<SubmissionView>;
}) {
  return <Loaded panel={submission}>{(view) => <Submission leadId={leadId} view={view} />}</Loaded>;
}
