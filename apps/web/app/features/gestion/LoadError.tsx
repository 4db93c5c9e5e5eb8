import { Alert, Button } from '@cbp/ui';

import { GESTION_TEXT } from './strings';

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
