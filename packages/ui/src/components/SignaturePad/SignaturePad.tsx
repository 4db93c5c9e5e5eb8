import { SIGNATURE_PAD_MAX_HEIGHT_PX, SIGNATURE_PAD_MAX_WIDTH_PX } from '@cbp/core';
import EraserDrawing from 'lucide/dist/esm/icons/eraser.mjs';
import KeyboardDrawing from 'lucide/dist/esm/icons/keyboard.mjs';
import PenLineDrawing from 'lucide/dist/esm/icons/pen-line.mjs';
import * as React from 'react';
import type SignatureCanvasInstance from 'react-signature-canvas';

import { cn } from '../../lib/cn';
import { Button } from '../Button';
import { Field } from '../Field';
import { SpinnerIcon } from '../Spinner';
import { TextInput } from '../TextInput';
import { icon } from '../../lib/icon';
import { renderTypedSignature } from './typed-signature';

const Eraser = icon(EraserDrawing);
const Keyboard = icon(KeyboardDrawing);
const PenLine = icon(PenLineDrawing);

type SignatureCanvasClass = typeof SignatureCanvasInstance;

function isComponentClass(value: unknown): value is SignatureCanvasClass {
  return typeof value === 'function';
}

// Loaded on first render of a pad, so pages without one never download the drawing library.
const SignatureCanvas = React.lazy(async () => {
  const module: { default: unknown } = await import('react-signature-canvas');
  // The package is CommonJS compiled from ES modules: depending on the bundler the class is
  // the default export or that export's own `default`.
  const exported = module.default;
  const component =
    typeof exported === 'object' && exported !== null && 'default' in exported
      ? exported.default
      : exported;
  if (!isComponentClass(component)) throw new Error('react-signature-canvas exports no component');
  return { default: component };
});

export type SignaturePadState = 'empty' | 'signed';
export type SignaturePadMode = 'draw' | 'type';

/** A signature and how it was made: drawn, or typed as a name (with the name as typed, trimmed). */
export type SignaturePadValue =
  { mode: 'draw'; image: string } | { mode: 'type'; image: string; name: string };

/** A steady pen: the line does not depend on drawing speed, so a stroke looks the same everywhere. */
const PEN_WIDTH = 2.5;

/**
 * Sizes the canvas's bitmap to its box (times the pixel ratio) and keeps what was drawn. The
 * library would clear the drawing on every window resize, which phones fire when the address
 * bar slides away: the person would lose a signature the screen still thinks it has.
 */
function fitCanvas(canvas: HTMLCanvasElement): boolean {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const width = Math.floor(canvas.offsetWidth * ratio);
  const height = Math.floor(canvas.offsetHeight * ratio);
  if (width === 0 || height === 0 || (width === canvas.width && height === canvas.height)) {
    return false;
  }
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  copy.getContext('2d')?.drawImage(canvas, 0, 0);
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return false;
  context.drawImage(copy, 0, 0);
  context.scale(ratio, ratio);
  return true;
}

/**
 * The drawing as a PNG data URL no larger than the server takes (core's SIGNATURE_PAD_MAX_*):
 * a screen of high pixel ratio would otherwise hand over a picture several times as large, with
 * nothing more to see in it once printed.
 */
function drawingDataUrl(canvas: HTMLCanvasElement): string {
  const scale = Math.min(
    1,
    SIGNATURE_PAD_MAX_WIDTH_PX / canvas.width,
    SIGNATURE_PAD_MAX_HEIGHT_PX / canvas.height,
  );
  if (scale === 1) return canvas.toDataURL('image/png');
  const copy = document.createElement('canvas');
  copy.width = Math.max(1, Math.floor(canvas.width * scale));
  copy.height = Math.max(1, Math.floor(canvas.height * scale));
  const context = copy.getContext('2d');
  if (!context) return canvas.toDataURL('image/png');
  context.imageSmoothingQuality = 'high';
  context.drawImage(canvas, 0, 0, copy.width, copy.height);
  return copy.toDataURL('image/png');
}

export interface SignaturePadProps extends Omit<React.ComponentProps<'section'>, 'onChange'> {
  /** Names the region: 'Firma'. */
  label?: string;
  hint?: string;
  /** Called with a PNG data URL each time the signature changes, and with `null` when it is cleared. */
  onChange?: (signature: string | null) => void;
  /**
   * Like `onChange`, with how the signature was made: a typed name may be recorded as the name
   * itself rather than as its picture.
   */
  onSignatureChange?: (signature: SignaturePadValue | null) => void;
  /** How the person starts: drawing, or typing their name. */
  defaultMode?: SignaturePadMode;
  clearLabel?: string;
  typeInsteadLabel?: string;
  drawInsteadLabel?: string;
  typedNameLabel?: string;
  typedNameHint?: string;
  /** Shown where the typed signature will appear, until a name is typed. */
  typedPreviewText?: string;
  canvasLabel?: string;
  emptyText?: string;
  signedText?: string;
  loadingText?: string;
}

/**
 * A signature: drawn with a finger, pen or mouse on a canvas, or typed as a name and turned into
 * an image. Emits a PNG data URL, or null while there is no signature. To start again from
 * outside (another plan chosen), give it a new `key`.
 */
export function SignaturePad({
  label = 'Firma',
  hint = 'Dibuja tu firma dentro del recuadro con el dedo, un lápiz o el ratón.',
  onChange,
  onSignatureChange,
  defaultMode = 'draw',
  clearLabel = 'Limpiar',
  typeInsteadLabel = 'Prefiero escribir mi nombre',
  drawInsteadLabel = 'Prefiero dibujar mi firma',
  typedNameLabel = 'Tu nombre y apellidos',
  typedNameHint = 'Usaremos tu nombre escrito como firma.',
  typedPreviewText = 'Aquí verás tu firma.',
  canvasLabel = 'Recuadro para dibujar la firma',
  emptyText = 'Todavía no has firmado.',
  signedText = 'Firma registrada.',
  loadingText = 'Cargando el recuadro de firma...',
  className,
  ...props
}: SignaturePadProps) {
  const id = `signature${React.useId().replace(/[^\w-]/g, '')}`;
  const [mode, setMode] = React.useState<SignaturePadMode>(defaultMode);
  const [signature, setSignature] = React.useState<string | null>(null);
  const [typedName, setTypedName] = React.useState('');
  const rootRef = React.useRef<HTMLElement>(null);
  const padRef = React.useRef<SignatureCanvasInstance | null>(null);
  const typedInputRef = React.useRef<HTMLInputElement>(null);
  const typedRequest = React.useRef(0);
  const focusTypedInput = React.useRef(false);
  const onChangeRef = React.useRef(onChange);
  const onSignatureChangeRef = React.useRef(onSignatureChange);
  React.useEffect(() => {
    onChangeRef.current = onChange;
    onSignatureChangeRef.current = onSignatureChange;
  });

  const emit = React.useCallback((next: SignaturePadValue | null) => {
    setSignature(next?.image ?? null);
    onChangeRef.current?.(next?.image ?? null);
    onSignatureChangeRef.current?.(next);
  }, []);

  const emitDrawing = React.useCallback(() => {
    const pad = padRef.current;
    if (!pad) return;
    emit(pad.isEmpty() ? null : { mode: 'draw', image: drawingDataUrl(pad.getCanvas()) });
  }, [emit]);

  const attachPad = React.useCallback(
    (pad: SignatureCanvasInstance | null) => {
      padRef.current = pad;
      if (!pad) return;
      const canvas = pad.getCanvas();
      // The ink takes the theme's text colour; the canvas cannot read tokens itself.
      pad.getSignaturePad().penColor = getComputedStyle(canvas).color;
      const observer = new ResizeObserver(() => {
        if (fitCanvas(canvas) && !pad.isEmpty()) emitDrawing();
      });
      observer.observe(canvas);
      return () => {
        observer.disconnect();
      };
    },
    [emitDrawing],
  );

  React.useEffect(() => {
    if (mode === 'type' && focusTypedInput.current) {
      focusTypedInput.current = false;
      typedInputRef.current?.focus();
    }
  }, [mode]);

  const clear = () => {
    if (mode === 'draw') padRef.current?.clear();
    else {
      typedRequest.current += 1;
      setTypedName('');
    }
    emit(null);
  };

  const switchMode = () => {
    typedRequest.current += 1;
    setTypedName('');
    if (signature !== null) emit(null);
    focusTypedInput.current = mode === 'draw';
    setMode(mode === 'draw' ? 'type' : 'draw');
  };

  const typeName = (name: string) => {
    setTypedName(name);
    const request = (typedRequest.current += 1);
    if (name.trim() === '') {
      emit(null);
      return;
    }
    const root = rootRef.current;
    if (!root) return;
    const style = getComputedStyle(root);
    void renderTypedSignature(name, { color: style.color, fontFamily: style.fontFamily }).then(
      (image) => {
        // A slower drawing of an earlier name must not replace the latest one.
        if (request === typedRequest.current)
          emit({ mode: 'type', image, name: name.trim().replace(/\s+/g, ' ') });
      },
    );
  };

  const state: SignaturePadState = signature === null ? 'empty' : 'signed';

  return (
    <section
      ref={rootRef}
      aria-labelledby={`${id}-label`}
      aria-describedby={mode === 'draw' ? `${id}-hint` : undefined}
      data-slot="signature-pad"
      data-state={state}
      data-mode={mode}
      className={cn('flex flex-col gap-3 text-foreground', className)}
      {...props}
    >
      <div className="flex flex-col gap-1">
        <p id={`${id}-label`} data-slot="signature-pad-label" className="text-base font-semibold">
          {label}
        </p>
        {mode === 'draw' ? (
          <p id={`${id}-hint`} data-slot="signature-pad-hint" className="text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>

      {mode === 'draw' ? (
        <div
          data-slot="signature-pad-surface"
          className="relative h-44 overflow-hidden rounded-md border-2 border-dashed border-input bg-surface text-surface-foreground"
        >
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-6 bottom-10 border-b-2 border-border"
          />
          <React.Suspense
            fallback={
              <span
                data-slot="signature-pad-loading"
                className="absolute inset-0 flex items-center justify-center gap-2 text-muted-foreground"
              >
                <SpinnerIcon size="sm" />
                {loadingText}
              </span>
            }
          >
            <SignatureCanvas
              ref={attachPad}
              minWidth={PEN_WIDTH}
              maxWidth={PEN_WIDTH}
              throttle={0}
              clearOnResize={false}
              onEnd={emitDrawing}
              canvasProps={{
                role: 'img',
                'aria-label': canvasLabel,
                'data-slot': 'signature-pad-canvas',
                className: 'relative block size-full cursor-crosshair touch-none',
              }}
            />
          </React.Suspense>
        </div>
      ) : (
        <div data-slot="signature-pad-typed" className="flex flex-col gap-3">
          <Field label={typedNameLabel} hint={typedNameHint}>
            <TextInput
              ref={typedInputRef}
              autoComplete="name"
              value={typedName}
              onChange={(event) => {
                typeName(event.currentTarget.value);
              }}
            />
          </Field>
          <div
            data-slot="signature-pad-preview"
            className="grid h-32 place-items-center rounded-md border-2 border-dashed border-input bg-surface"
          >
            {signature !== null ? (
              <img
                src={signature}
                alt={`Firma: ${typedName.trim()}`}
                className="max-h-full max-w-full"
              />
            ) : (
              <span className="text-muted-foreground">{typedPreviewText}</span>
            )}
          </div>
        </div>
      )}

      <p
        role="status"
        data-slot="signature-pad-status"
        className={cn(
          'font-semibold',
          state === 'signed' ? 'text-success-strong' : 'text-muted-foreground',
        )}
      >
        {state === 'signed' ? signedText : emptyText}
      </p>

      <div data-slot="signature-pad-actions" className="flex flex-wrap gap-3">
        <Button variant="outline" data-slot="signature-pad-clear" onClick={clear}>
          <Eraser />
          {clearLabel}
        </Button>
        <Button variant="ghost" data-slot="signature-pad-mode" onClick={switchMode}>
          {mode === 'draw' ? <Keyboard /> : <PenLine />}
          {mode === 'draw' ? typeInsteadLabel : drawInsteadLabel}
        </Button>
      </div>
    </section>
  );
}
