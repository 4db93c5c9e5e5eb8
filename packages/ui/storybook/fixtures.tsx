import ScaleDrawing from 'lucide/dist/esm/icons/scale.mjs';

import type { RenderLink } from '../src/components/SiteLink';
import type { TaskListItem, TaskStatusTone } from '../src/components/TaskList';
import { icon } from '../src/lib/icon';

const Scale = icon(ScaleDrawing);

/**
 * Stands in for the router's link: it keeps the click on the page, as a router does, and tells
 * `onNavigate` where it went.
 */
export function routerLink(onNavigate?: (href: string) => void): RenderLink {
  const RouterLink: RenderLink = ({ href, onClick, children, ...props }) => (
    <a
      href={href}
      data-router-link=""
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
        onNavigate?.(href);
      }}
      {...props}
    >
      {children}
    </a>
  );
  return RouterLink;
}

export const renderRouterLink = routerLink();

/** The firm's brand as the shells show it: the scales and the name. */
export const firmBrand = (
  <>
    <Scale aria-hidden="true" focusable="false" className="size-7 text-primary" />
    Abogados CBP
  </>
);

const taskStatusLabels: Record<TaskStatusTone, string> = {
  'not-started': 'No empezado',
  'in-progress': 'En curso',
  completed: 'Completado',
  pending: 'Pendiente',
};

/** One step of the client's task list, its state named the way the app names it. */
export function clientTask(
  id: string,
  label: string,
  tone: TaskStatusTone,
  href?: string,
): TaskListItem {
  const status = { label: taskStatusLabels[tone], tone };
  return href === undefined ? { id, label, status } : { id, label, href, status };
}
