import { Button } from '@cbp/ui';

import type { AutosaveState } from '../../lib/forms/use-autosave';
import { SAVE_STATUS } from './strings';

export interface SaveStatusProps {
  state: AutosaveState;
  onRetry: () => void;
}

/**
 * Whether the answers are on the server, in one polite live region that is always there (a
 * region must exist before its text changes to be announced): 'Guardando…' while a save is out,
 * 'Cambios guardados automáticamente' once the server confirmed, and the failure with a retry.
 */
export function SaveStatus({ state, onRetry }: SaveStatusProps) {
  return (
    <div className="flex flex-col items-start gap-2">
      <div role="status" data-state={state} className="text-base">
        {state === 'saving' ? <p className="text-muted-foreground">{SAVE_STATUS.saving}</p> : null}
        {state === 'saved' ? (
          <p className="font-semibold text-success-strong">{SAVE_STATUS.saved}</p>
        ) : null}
        {state === 'failed' ? (
          <>
            <p className="font-semibold text-danger-strong">{SAVE_STATUS.failed}</p>
            <p>{SAVE_STATUS.failedDetail}</p>
          </>
        ) : null}
      </div>
      {state === 'failed' ? (
        <Button variant="outline" onClick={onRetry}>
          {SAVE_STATUS.retry}
        </Button>
      ) : null}
    </div>
  );
}
