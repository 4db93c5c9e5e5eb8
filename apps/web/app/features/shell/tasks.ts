import { type CaseStepId, type CaseStepState, DOCUMENTS_SCREEN } from '@cbp/core';

export interface CaseTask {
  readonly id: CaseStepId;
  /** The menu label of spec 02, section 2. */
  readonly label: string;
  /** The screen's address, once its screen exists; until then the step is shown, not linked. */
  readonly href?: string;
}

/** The client's steps, in order, as the side menu lists them. */
export const CASE_TASKS: readonly CaseTask[] = [
  { id: 'calcular-cuota', label: 'Calcular Cuota', href: '/app' },
  { id: 'obtener-documentos', label: 'Obtener Documentos', href: DOCUMENTS_SCREEN },
  { id: 'seleccionar-plan', label: 'Seleccionar Plan', href: '/app/honorarios' },
  { id: 'revisar-expediente', label: 'Revisar Expediente', href: '/app/revisar-expediente' },
  { id: 'enviar-expediente', label: 'Enviar Expediente', href: '/app/enviar-expediente' },
  { id: 'estado-caso', label: 'Estado del Caso', href: '/app/estado-caso' },
];

/** A task's one name (its menu label): the menu, its page's title and every link to it use it. */
export function taskLabel(id: CaseStepId): string {
  return taskById(id).label;
}

function taskById(id: CaseStepId): CaseTask {
  const task = CASE_TASKS.find((candidate) => candidate.id === id);
  if (task === undefined) throw new Error(`Unknown task ${id}`);
  return task;
}

/** A link's words to a task's page: 'Ir a Seleccionar Plan'. */
export function toTask(id: CaseStepId): string {
  return `Ir a ${taskLabel(id)}`;
}

/** Addresses that show a step's screen under another name (spec 02, section 2). */
const MENU_ALIASES: Readonly<Record<string, string>> = {
  '/app/documentos': DOCUMENTS_SCREEN,
  '/app/pago-completado': '/app/honorarios',
  '/app/pago-cancelado': '/app/honorarios',
};

/** The menu entry an address belongs to, so /app/documentos marks 'Obtener Documentos' current. */
export function menuHref(pathname: string): string {
  return MENU_ALIASES[pathname] ?? pathname;
}

export const STATE_LABELS: Readonly<Record<CaseStepState, string>> = {
  'no-empezado': 'No empezado',
  'en-curso': 'En curso',
  completado: 'Completado',
  pendiente: 'Pendiente',
};

export type TaskTone = 'not-started' | 'in-progress' | 'completed' | 'pending';

const TONES: Readonly<Record<CaseStepState, TaskTone>> = {
  'no-empezado': 'not-started',
  'en-curso': 'in-progress',
  completado: 'completed',
  pendiente: 'pending',
};

export interface TaskMenuItem {
  readonly id: CaseStepId;
  readonly label: string;
  readonly href?: string;
  readonly status: { readonly label: string; readonly tone: TaskTone };
}

/**
 * The menu's items from the server's states. A step is linked only when its screen exists and
 * the server reports it and does not call it pending; before the states arrive, a built step
 * reads "Cargando".
 */
export function taskMenuItems(
  states: ReadonlyMap<CaseStepId, CaseStepState> | null,
): TaskMenuItem[] {
  return CASE_TASKS.map((task) => {
    // Once the server answers, a step it does not report has not opened yet.
    const state =
      states === null
        ? task.href === undefined
          ? 'pendiente'
          : null
        : (states.get(task.id) ?? 'pendiente');
    const status =
      state === null
        ? { label: 'Cargando', tone: 'not-started' as const }
        : { label: STATE_LABELS[state], tone: TONES[state] };
    const linked = task.href !== undefined && state !== 'pendiente';
    return linked
      ? { id: task.id, label: task.label, href: task.href, status }
      : { id: task.id, label: task.label, status };
  });
}

/**
 * The client's next task after `done`: the first task of the list, in order, that is open (the
 * server does not call it pending), not completed, and not `done` itself (whose state may not be
 * refreshed yet). Null while the states load, or when nothing is left to do.
 */
export function nextTask(
  states: ReadonlyMap<CaseStepId, CaseStepState> | null,
  done: CaseStepId,
): CaseTask | null {
  if (states === null) return null;
  return (
    CASE_TASKS.find((task) => {
      const state = states.get(task.id) ?? 'pendiente';
      return (
        task.id !== done &&
        task.href !== undefined &&
        state !== 'pendiente' &&
        state !== 'completado'
      );
    }) ?? null
  );
}
