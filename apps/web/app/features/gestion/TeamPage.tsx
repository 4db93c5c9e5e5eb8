import {
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffMember,
  staffInviteRequestSchema,
} from '@cbp/core';
import {
  Alert,
  Button,
  DataTable,
  DialogClose,
  EmailInput,
  Field,
  ModalDialog,
  NativeSelect,
  TextInput,
  type DataTableColumn,
} from '@cbp/ui';
import * as React from 'react';
import { useRevalidator } from 'react-router';

import { FormOutcome } from '../../lib/forms/form-outcome';
import { useSubmission } from '../../lib/forms/use-submission';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { staffAccounts } from './accounts-api';
import { useStaff, useStaffMember } from './context';
import { Loaded } from './LoadError';
import type { PanelData } from './panel-data';
import { failureMessage } from './strings';

const STATES: Record<StaffMember['estado'], string> = {
  invitado: 'Invitación enviada',
  activo: 'Activo',
  desactivado: 'Desactivado',
};

const NO_INVITATION = { nombre: '', email: '', rol: '' };

function InviteForm({ onInvited }: { onInvited: (member: StaffMember) => void }) {
  const { call } = useStaff();
  const [invited, setInvited] = React.useState<string | null>(null);
  const form = useZodForm({
    schema: staffInviteRequestSchema,
    initial: NO_INVITATION,
    fieldId: (field) => `invitar-${field}`,
    failureMessage,
    onSend: () => {
      setInvited(null);
    },
    submit: async (invitation, { reset }) => {
      const member = await call((token) => staffAccounts().invite(token, invitation));
      onInvited(member);
      reset();
      setInvited(`Hemos enviado la invitación a ${member.email}.`);
    },
  });
  return (
    <div className="flex flex-col gap-4">
      {form.summary}
      <form
        noValidate
        onSubmit={form.onSubmit}
        className="grid gap-4 sm:grid-cols-3 sm:items-start"
      >
        <Field id="invitar-nombre" label="Nombre" required error={form.errors.nombre}>
          <TextInput autoComplete="off" {...form.bind('nombre')} />
        </Field>
        <Field id="invitar-email" label="Correo electrónico" required error={form.errors.email}>
          <EmailInput autoComplete="off" {...form.bind('email')} />
        </Field>
        <Field id="invitar-rol" label="Rol" required error={form.errors.rol}>
          <NativeSelect {...form.bind('rol')}>
            <option value="">Elige un rol</option>
            {STAFF_ROLES.map((rol) => (
              <option key={rol} value={rol}>
                {STAFF_ROLE_LABELS[rol]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" busy={form.busy} busyLabel="Invitando..." className="w-fit">
          Enviar invitación
        </Button>
      </form>
      <FormOutcome done={invited} failure={form.formError} />
    </div>
  );
}

function DisableButton({
  member,
  onDisabled,
}: {
  member: StaffMember;
  onDisabled: (member: StaffMember) => void;
}) {
  const { call } = useStaff();
  const [open, setOpen] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  const submission = useSubmission(async () => {
    setFailure(null);
    try {
      onDisabled(await call((token) => staffAccounts().disable(token, member.id)));
      setOpen(false);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  });
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setFailure(null);
      }}
      trigger={
        <Button variant="outline" size="sm">
          Desactivar<span className="sr-only"> a {member.nombre}</span>
        </Button>
      }
      title={`¿Desactivar a ${member.nombre}?`}
      description={`${member.email} no podrá volver a iniciar sesión y se cerrarán sus sesiones abiertas.`}
      failure={failure}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">Cancelar</Button>
          </DialogClose>
          <Button
            variant="destructive"
            busy={submission.busy}
            busyLabel="Desactivando..."
            onClick={() => void submission.submit()}
          >
            Sí, desactivar
          </Button>
        </>
      }
    />
  );
}

/** The team, for administrators; `team` is null for anyone else (it is not asked for). */
export function TeamPage({ team }: { team: PanelData<StaffMember[]> | null }) {
  const staff = useStaffMember();
  if (staff.rol !== 'admin' || team === null) {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-3xl font-bold">Equipo</h1>
        <Alert variant="warning">
          <p>{`${STAFF_MESSAGES.forbidden}: solo las personas con rol de administración ven y gestionan el equipo.`}</p>
        </Alert>
      </div>
    );
  }
  return <Team self={staff} team={team} />;
}

function Team({ self, team }: { self: StaffMember; team: PanelData<StaffMember[]> }) {
  const revalidator = useRevalidator();
  const [disabledNotice, setDisabledNotice] = React.useState<string | null>(null);
  const notice = React.useRef<HTMLParagraphElement>(null);
  // The button that opened the dialog leaves with the row's actions: the focus goes to what
  // happened instead of falling to the top of the page.
  React.useEffect(() => {
    if (disabledNotice === null) return;
    const frame = requestAnimationFrame(() => notice.current?.focus());
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [disabledNotice]);
  const reload = () => {
    void revalidator.revalidate();
  };
  const onDisabled = (member: StaffMember) => {
    reload();
    setDisabledNotice(`${member.nombre} ya no puede iniciar sesión y sus sesiones se han cerrado.`);
  };
  const columns: DataTableColumn<StaffMember>[] = [
    { id: 'nombre', header: 'Nombre', rowHeader: true, cell: (member) => member.nombre },
    { id: 'email', header: 'Correo electrónico', cell: (member) => member.email },
    { id: 'rol', header: 'Rol', cell: (member) => STAFF_ROLE_LABELS[member.rol] },
    { id: 'estado', header: 'Estado', cell: (member) => STATES[member.estado] },
    {
      id: 'verificacion',
      header: 'Verificación en dos pasos',
      cell: (member) => (member.verificacionEnDosPasos ? 'Activada' : 'No activada'),
    },
    {
      id: 'acciones',
      header: 'Acciones',
      cell: (member) =>
        member.estado === 'activo' && member.id !== self.id ? (
          <DisableButton member={member} onDisabled={onDisabled} />
        ) : null,
    },
  ];
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold">Equipo</h1>
      {disabledNotice === null ? null : (
        <Alert variant="success">
          <p ref={notice} tabIndex={-1}>
            {disabledNotice}
          </p>
        </Alert>
      )}
      <Loaded panel={team}>
        {(members) => (
          <DataTable
            columns={columns}
            rows={members}
            getRowId={(member) => member.id}
            caption="Personas del equipo"
            emptyMessage="Todavía no hay nadie en el equipo."
          />
        )}
      </Loaded>
      <section aria-labelledby="invitar-titulo" className="flex flex-col gap-4">
        <h2 id="invitar-titulo" className="text-2xl font-bold">
          Invitar a una persona
        </h2>
        <p>Le enviaremos un correo con un enlace para elegir su contraseña.</p>
        <InviteForm onInvited={reload} />
      </section>
    </div>
  );
}
