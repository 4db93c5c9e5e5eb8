import { Alert, Button } from '@cbp/ui';
import type * as React from 'react';

import { GESTION_TEXT } from './strings';
import type { StaffData } from './use-staff-data';

/** A failed load in Spanish, with the way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert variant="error">
      <div className="flex flex-col items-start gap-3">
        <p>{message}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {GESTION_TEXT.retry}
        </Button>
      </div>
    </Alert>
  );
}

/**
 * A panel's data once loaded: the failure with a retry while there is nothing to show, a
 * loading line, then the panel itself.
 */
export function Loaded<T>({
  data,
  loadingText,
  children,
}: {
  data: StaffData<T> & { readonly retry: () => void };
  loadingText: string;
  children: (value: T) => React.ReactNode;
}) {
  if (data.status === 'error' && data.data === null) {
    return <LoadError message={data.message} onRetry={data.retry} />;
  }
  if (data.data === null) return <p>{loadingText}</p>;
  return children(data.data);
}
