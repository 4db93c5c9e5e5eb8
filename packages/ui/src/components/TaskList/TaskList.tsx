import { cva } from 'class-variance-authority';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { SiteLink, type RenderLink } from '../SiteLink';

export type TaskStatusTone = 'not-started' | 'in-progress' | 'completed' | 'pending';

export interface TaskListItem {
  /** Unique among the items. */
  id: string;
  /** The step's name: 'Calcular Cuota'. */
  label: string;
  /** The step's page. Without it the step is shown as text, not a link (it cannot be started yet). */
  href?: string | undefined;
  /** The state in words ('En curso') and its look. */
  status: { label: string; tone: TaskStatusTone };
}

export const taskStatusVariants = cva(
  'inline-flex w-fit shrink-0 items-center rounded-full border-2 px-2 py-0.5 text-sm font-semibold whitespace-nowrap',
  {
    variants: {
      tone: {
        'not-started': 'border-info bg-info-subtle text-info-strong',
        'in-progress': 'border-warning bg-warning-subtle text-warning-strong',
        completed: 'border-success bg-success-subtle text-success-strong',
        pending: 'border-border bg-muted text-muted-foreground',
      },
    },
    defaultVariants: { tone: 'not-started' },
  },
);

export interface TaskListProps extends Omit<React.ComponentProps<'ul'>, 'children'> {
  items: readonly TaskListItem[];
  /** Address of the page on screen; its item gets `aria-current="page"`. */
  currentHref?: string | undefined;
  renderLink?: RenderLink | undefined;
  /** Called when a step's link is followed (a drawer closes itself with it). */
  onNavigate?: () => void;
}

/**
 * The client's steps with their states (GOV.UK task list): a step that can be opened is a link
 * described by its state; one that cannot yet is plain text. The state is always in words.
 */
export function TaskList({
  items,
  currentHref,
  renderLink,
  onNavigate,
  className,
  ...props
}: TaskListProps) {
  const baseId = React.useId().replace(/[^\w-]/g, '');
  return (
    <ul data-slot="task-list" className={cn('flex flex-col gap-1', className)} {...props}>
      {items.map((item) => {
        const statusId = `${baseId}-${item.id}-estado`;
        const status = (
          <span
            id={statusId}
            data-slot="task-list-status"
            className={taskStatusVariants({ tone: item.status.tone })}
          >
            {item.status.label}
          </span>
        );
        return (
          <li
            key={item.id}
            data-slot="task-list-item"
            data-linked={item.href === undefined ? 'false' : 'true'}
          >
            {item.href === undefined ? (
              <div className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 text-muted-foreground">
                <span data-slot="task-list-name">{item.label}</span>
                {status}
              </div>
            ) : (
              <div className="relative flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border-s-4 border-transparent px-3 py-2 hover:bg-muted has-[[aria-current=page]]:border-primary has-[[aria-current=page]]:bg-primary-subtle">
                <SiteLink
                  data-slot="task-list-name"
                  href={item.href}
                  current={item.href === currentHref}
                  renderLink={renderLink}
                  aria-describedby={statusId}
                  onClick={onNavigate}
                  className={cn(
                    'rounded-sm font-medium text-foreground underline-offset-4 hover:underline aria-[current=page]:font-bold',
                    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    // The whole row is the link's target, as GOV.UK does.
                    'after:absolute after:inset-0',
                  )}
                >
                  {item.label}
                </SiteLink>
                {status}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
