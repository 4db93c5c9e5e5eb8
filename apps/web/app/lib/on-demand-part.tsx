import { Alert, Button, LoadingState } from '@cbp/ui';
import * as React from 'react';

import { CODE_REPLACED_RETRY, OutdatedPageError, onDemand } from './code-on-demand';

export interface OnDemandPartOptions<Props extends object> {
  load: () => Promise<React.ComponentType<Props>>;
  /** Read out while it downloads: 'Cargando el recuadro de firma...'. */
  loading: string;
  /** Why it is not shown when the connection dropped; the button under it asks again. */
  unreachable: string;
}

export interface OnDemandPart<Props extends object> {
  /** Starts the download before the part shows, so it is usually there when it does. */
  preload: () => Promise<React.ComponentType<Props>>;
  /** The part itself, or the notice that holds its place until it arrives. */
  Part: (props: Props) => React.ReactElement;
}

type Failure = 'unreachable' | 'outdated';

/**
 * A part of a screen that only some visits show (the signature pad, the state of a chosen plan),
 * downloaded when it is first shown or preloaded by the step before. Until it arrives a loading
 * notice holds its place; if it cannot be downloaded the person is told why and can ask again,
 * and what they chose or typed elsewhere on the screen stays.
 */
export function onDemandPart<Props extends object>({
  load,
  loading,
  unreachable,
}: OnDemandPartOptions<Props>): OnDemandPart<Props> {
  const download = onDemand(load);
  // Kept once loaded, so the part shown again (another plan chosen) appears in the same render.
  let loaded: React.ComponentType<Props> | null = null;
  let pending: Promise<React.ComponentType<Props>> | null = null;

  const preload = () => {
    pending ??= download().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Asked again by the next attempt.
        pending = null;
        throw error;
      },
    );
    return pending;
  };

  function Part(props: Props) {
    const [component, setComponent] = React.useState(() => loaded);
    const [failure, setFailure] = React.useState<Failure | null>(null);

    const request = React.useCallback(() => {
      setFailure(null);
      preload().then(
        (found) => {
          setComponent(() => found);
        },
        (error: unknown) => {
          console.warn('No se pudo cargar una parte de la página', error);
          setFailure(error instanceof OutdatedPageError ? 'outdated' : 'unreachable');
        },
      );
    }, []);

    React.useEffect(() => {
      if (component === null) request();
    }, [component, request]);

    if (component !== null) {
      const Loaded = component;
      return <Loaded {...props} />;
    }
    if (failure === null) return <LoadingState label={loading} />;
    return (
      <div className="flex flex-col gap-3">
        <Alert variant="error">
          <p>{failure === 'outdated' ? CODE_REPLACED_RETRY : unreachable}</p>
        </Alert>
        <div>
          <Button
            variant="outline"
            onClick={() => {
              if (failure === 'outdated') window.location.reload();
              else request();
            }}
          >
            Intentar de nuevo
          </Button>
        </div>
      </div>
    );
  }

  return { preload, Part };
}
