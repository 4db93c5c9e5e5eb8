import type * as React from 'react';

import { cn } from '../../lib/cn';
import { SpinnerIcon } from '../Spinner';

export interface LoadingStateProps extends React.ComponentProps<'div'> {
  /** Visible and announced text. */
  label?: string;
  /** Optional second line, e.g. how long it usually takes. */
  description?: React.ReactNode;
}

export function LoadingState({
  label = 'Cargando...',
  description,
  className,
  ...props
}: LoadingStateProps) {
  return (
    <div
      role="status"
      data-slot="loading-state"
      className={cn(
        'flex flex-col items-center justify-center gap-3 px-4 py-12 text-center',
        className,
      )}
      {...props}
    >
      <SpinnerIcon size="lg" className="text-primary" />
      <p data-slot="loading-state-label" className="text-lg font-semibold text-foreground">
        {label}
      </p>
      {description ? (
        <p data-slot="loading-state-description" className="max-w-prose text-muted-foreground">
          {description}
        </p>
      ) : null}
    </div>
  );
}
