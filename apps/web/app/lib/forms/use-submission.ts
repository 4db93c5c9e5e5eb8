import * as React from 'react';

export interface FormSubmission {
  /** True while the action runs: the submit button shows it is busy. */
  readonly busy: boolean;
  /** Runs the action, unless it is already running (a double click sends once). */
  readonly submit: () => Promise<void>;
  /** A form's `onSubmit`: stops the browser's own submission and runs the action. */
  readonly onSubmit: (event: React.SubmitEvent<HTMLFormElement>) => void;
}

/**
 * The one way forms of this app send: busy while the action runs, never twice at once. What to
 * show on failure is the action's to decide, since each form words its own errors.
 */
export function useSubmission(action: () => Promise<void>): FormSubmission {
  const [busy, setBusy] = React.useState(false);
  const running = React.useRef(false);

  const submit = React.useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, [action]);

  const onSubmit = React.useCallback(
    (event: React.SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      void submit();
    },
    [submit],
  );

  return { busy, submit, onSubmit };
}
