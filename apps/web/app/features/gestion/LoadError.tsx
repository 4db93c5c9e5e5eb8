import { Alert, Button } from '@cbp/ui';
import type * as React from 'react';
import { useRevalidator } from 'react-router';

import type { PanelData } from './panel-data';
import { GESTION_TEXT } from './strings';

/** A failed load in Spanish, with the way to try again: the page's data is read again. */
export function LoadError({ message }: { message: string }) {
  const revalidator = useRevalidator();
  return (
    <Alert variant="error">
      <div className="flex flex-col items-start gap-3">
        <p>{message}</p>
        <Button
          variant="outline"
          size="sm"
          busy={revalidator.state === 'loading'}
          busyLabel={GESTION_TEXT.loading}
          onClick={() => void revalidator.revalidate()}
        >
          {GESTION_TEXT.retry}
        </Button>
      </div>
    </Alert>
  );
}

/** A panel's data once loaded, or its failure with a retry in its place. */
export function Loaded<T>({
  panel,
  children,
}: {
  panel: PanelData<T>;
  children: (value: T) => React.ReactNode;
}) {
  return panel.ok ? children(panel.data) : <LoadError message={panel.message} />;
}
