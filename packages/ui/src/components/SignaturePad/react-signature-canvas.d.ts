// react-signature-canvas 1.0 ships no types; this covers the part of its API the kit uses.
declare module 'react-signature-canvas' {
  import type * as React from 'react';

  export interface SignaturePadPoint {
    x: number;
    y: number;
    time: number;
    color: string;
  }

  /** The signature_pad 2.x instance the wrapper drives. */
  export interface SignaturePadInstance {
    penColor: string;
    minWidth: number;
    maxWidth: number;
    isEmpty(): boolean;
    clear(): void;
    toData(): SignaturePadPoint[][];
  }

  export interface SignatureCanvasProps {
    velocityFilterWeight?: number;
    minWidth?: number;
    maxWidth?: number;
    minDistance?: number;
    dotSize?: number;
    penColor?: string;
    backgroundColor?: string;
    throttle?: number;
    onBegin?: (event: MouseEvent | Touch) => void;
    onEnd?: (event: MouseEvent | TouchEvent) => void;
    canvasProps?: React.ComponentProps<'canvas'> & Record<`data-${string}`, string>;
    clearOnResize?: boolean;
  }

  export default class SignatureCanvas extends React.Component<SignatureCanvasProps> {
    getCanvas(): HTMLCanvasElement;
    getTrimmedCanvas(): HTMLCanvasElement;
    getSignaturePad(): SignaturePadInstance;
    clear(): void;
    isEmpty(): boolean;
    toDataURL(type?: string, encoderOptions?: number): string;
    toData(): SignaturePadPoint[][];
    on(): void;
    off(): void;
  }
}
