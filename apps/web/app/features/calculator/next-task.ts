import type { CaseStepId, CaseStepState } from '@cbp/core';

import { nextTask } from '../shell/tasks';
import { NEXT_TASK_ACTIONS } from './strings';

export interface NextTask {
  readonly id: CaseStepId;
  /** The task's name in the menu. */
  readonly label: string;
  readonly href: string;
  /** The action's words ("Empezar con mis documentos"). */
  readonly action: string;
}

/**
 * The next task of the client's list once the calculation is done, or null while the states are
 * unknown or no later task is open: the first one the server reports as not started or under way.
 */
export function nextTaskLink(
  states: ReadonlyMap<CaseStepId, CaseStepState> | null,
): NextTask | null {
  const task = nextTask(states, 'calcular-cuota');
  if (task === null || task.href === undefined) return null;
  const words = NEXT_TASK_ACTIONS[task.id];
  return {
    id: task.id,
    label: task.label,
    href: task.href,
    action: states?.get(task.id) === 'en-curso' ? words.continue : words.start,
  };
}
