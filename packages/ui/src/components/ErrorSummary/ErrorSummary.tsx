import * as React from 'react';

import { cn } from '../../lib/cn';
import { linkVariants } from '../TextLink';

export interface ErrorSummaryItem {
  /** The id of the field's control (a Field's `id`, a Checkbox's or a RadioCardGroup's). */
  fieldId: string;
  /** The same message the field shows, e.g. 'Introduce tu teléfono'. */
  message: React.ReactNode;
}

export interface ErrorSummaryProps extends Omit<React.ComponentProps<'div'>, 'title' | 'ref'> {
  /** One entry per field with an error, in the order of the fields on the page. */
  errors: readonly ErrorSummaryItem[];
  title?: React.ReactNode;
  /** An optional sentence under the title. */
  description?: React.ReactNode;
  /** Focus the summary when it appears (the default), so it is read and Tab leads to its links. */
  focusOnMount?: boolean;
}

const CONTROL =
  'input:not([type=hidden]), select, textarea, button, a[href], [role=radio], [role=checkbox]';
const USABLE = ':not(:disabled):not([aria-hidden="true"])';

/**
 * The element to focus for a field id: the control itself or, for a group, its chosen option,
 * else its first control (where a person would start).
 */
function focusTargetFor(element: HTMLElement): HTMLElement | null {
  if (element.matches(CONTROL)) return element;
  return (
    element.querySelector<HTMLElement>(
      `:is(input[type=radio]:checked, [aria-checked=true], [aria-pressed=true])${USABLE}`,
    ) ??
    element.querySelector<HTMLElement>(`:is(${CONTROL})${USABLE}`) ??
    (element.tabIndex >= 0 ? element : null)
  );
}

/** What names the field, to bring into view with it: its label or its group's legend. */
function labelFor(element: HTMLElement, target: HTMLElement): HTMLElement | null {
  const labelable =
    target instanceof HTMLInputElement ||
    target instanceof HTMLButtonElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement;
  const label = labelable ? target.labels?.[0] : undefined;
  if (label) return label;
  const labelledBy = element.getAttribute('aria-labelledby')?.split(/\s+/)[0];
  const named = labelledBy ? document.getElementById(labelledBy) : null;
  return (
    named ??
    element.querySelector('legend') ??
    element.closest('fieldset')?.querySelector('legend') ??
    null
  );
}

/**
 * Moves to a field from a summary link: focuses its control and scrolls so that its label is
 * in view too, since browsers would scroll only the control to the top and hide the question.
 * Returns false when there is nothing to focus, to let the link jump as usual.
 */
function goToField(fieldId: string): boolean {
  const element = document.getElementById(fieldId);
  if (!element) return false;
  const target = focusTargetFor(element);
  if (!target) return false;
  const label = labelFor(element, target);
  (label ?? target).scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
  return true;
}

/**
 * The list of what is wrong in a form, shown above it after a failed attempt to continue
 * (GOV.UK error summary). It is an alert, takes the focus when it appears, and links to each
 * field: following a link focuses the field and brings its label into view.
 * To announce it again after another failed attempt, give it a new `key`.
 */
export function ErrorSummary({
  errors,
  title = 'Hay un problema',
  description,
  focusOnMount = true,
  id,
  className,
  ...props
}: ErrorSummaryProps) {
  const generatedId = `summary${React.useId().replace(/[^\w-]/g, '')}`;
  const titleId = `${id ?? generatedId}-title`;
  const ref = React.useRef<HTMLDivElement>(null);
  const visible = errors.length > 0;

  React.useEffect(() => {
    if (visible && focusOnMount) ref.current?.focus();
  }, [visible, focusOnMount]);

  if (!visible) return null;
  return (
    <div
      id={id}
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-slot="error-summary"
      ref={ref}
      className={cn(
        'flex flex-col gap-3 rounded-md border-4 border-danger bg-surface p-4 text-surface-foreground sm:p-6',
        'focus:outline-3 focus:outline-offset-2 focus:outline-ring',
        className,
      )}
      {...props}
    >
      <h2
        id={titleId}
        data-slot="error-summary-title"
        className="text-xl leading-tight font-bold text-foreground"
      >
        {title}
      </h2>
      {description !== undefined && description !== null && description !== '' ? (
        <p data-slot="error-summary-description">{description}</p>
      ) : null}
      <ul data-slot="error-summary-list" className="flex flex-col gap-2">
        {errors.map(({ fieldId, message }) => (
          <li key={fieldId}>
            <a
              href={`#${fieldId}`}
              data-slot="error-summary-link"
              className={cn(
                linkVariants({ variant: null }),
                'font-semibold text-danger-strong focus-visible:outline-ring',
              )}
              onClick={(event) => {
                if (goToField(fieldId)) event.preventDefault();
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
