import { RULES } from '@cbp/core';
import { Alert, Button, LoadingState } from '@cbp/ui';
import * as React from 'react';

import { WIDGET_LOAD_TIMEOUT_MS, type FrameState } from './retrieval';
import { RETRIEVAL_LABELS, RETRIEVAL_MESSAGES } from './strings';

export interface RetrievalWidgetProps {
  readonly link: string;
  readonly frame: FrameState;
  /** Changes when the person asks to load the widget again, so the frame starts anew. */
  readonly attempt: number;
  /** The widget said it is showing its results. */
  readonly processing: boolean;
  /** Moves focus into the widget when it opens (the person opened it). */
  readonly takeFocus: boolean;
  /** The frame element, so the screen can tell the widget's messages from any other window's. */
  readonly frameRef: React.RefObject<HTMLIFrameElement | null>;
  readonly onLoaded: () => void;
  readonly onFailed: () => void;
  readonly onRetry: () => void;
  readonly onClose: () => void;
}

/**
 * The provider's Cl@ve PIN widget in a frame at least 600 px high, with a close button. It
 * takes focus when it opens, so a keyboard or screen-reader user lands on it.
 */
export function RetrievalWidget({
  link,
  frame,
  attempt,
  processing,
  takeFocus,
  frameRef,
  onLoaded,
  onFailed,
  onRetry,
  onClose,
}: RetrievalWidgetProps) {
  const regionRef = React.useRef<HTMLElement>(null);
  const headingId = React.useId();

  const focusOnOpen = React.useRef(takeFocus);
  React.useEffect(() => {
    if (focusOnOpen.current) regionRef.current?.focus();
  }, []);

  // A frame gives no error event for a page that never answers; waiting has to end somewhere.
  React.useEffect(() => {
    if (frame !== 'loading') return;
    const timer = setTimeout(onFailed, WIDGET_LOAD_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [frame, attempt, onFailed]);

  return (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-slot="retrieval-widget"
      className="flex min-w-0 flex-col gap-3 rounded-lg border-2 border-border bg-surface p-3 text-surface-foreground outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl leading-tight font-bold">
          {RETRIEVAL_LABELS.widgetRegion}
        </h2>
        <Button variant="outline" onClick={onClose}>
          Cerrar<span className="sr-only"> Cl@ve PIN</span>
        </Button>
      </div>
      {processing ? (
        <p role="status" className="font-semibold">
          {RETRIEVAL_MESSAGES.processing}
        </p>
      ) : null}
      {frame === 'failed' ? (
        <div className="flex flex-col items-start gap-3">
          <Alert variant="error" srPrefix="">
            <p>{RETRIEVAL_MESSAGES.widgetLoadFailed}</p>
          </Alert>
          <Button onClick={onRetry}>{RETRIEVAL_LABELS.retryWidget}</Button>
        </div>
      ) : (
        <div className="relative">
          {frame === 'loading' ? (
            <LoadingState
              label={RETRIEVAL_LABELS.widgetLoading}
              className="absolute inset-x-0 top-0 bg-surface"
            />
          ) : null}
          <iframe
            key={attempt}
            ref={frameRef}
            src={link}
            title={RETRIEVAL_LABELS.widgetFrame}
            onLoad={onLoaded}
            onError={onFailed}
            referrerPolicy="strict-origin-when-cross-origin"
            className="block w-full rounded-md border-0 bg-surface"
            style={{ minHeight: `${String(RULES.retrieval.frameMinHeightPx)}px` }}
          />
        </div>
      )}
    </section>
  );
}
