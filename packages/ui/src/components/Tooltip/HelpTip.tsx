import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { cva, type VariantProps } from 'class-variance-authority';
import CircleQuestionMarkDrawing from 'lucide/dist/esm/icons/circle-question-mark.mjs';
import * as React from 'react';

import { TooltipContent, TooltipProvider } from './Tooltip';
import { icon } from '../../lib/icon';

const CircleQuestionMark = icon(CircleQuestionMarkDrawing);

const helpTipDefaults = { size: 'md' } as const;

export const helpTipTriggerVariants = cva(
  [
    'inline-flex shrink-0 cursor-help items-center justify-center rounded-full align-middle',
    'text-link hover:text-link-hover',
    'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring',
  ],
  {
    variants: {
      size: {
        md: 'size-8 [&_svg]:size-6',
        sm: 'size-6 [&_svg]:size-5',
      },
    },
    defaultVariants: helpTipDefaults,
  },
);

type HelpTipSize = NonNullable<VariantProps<typeof helpTipTriggerVariants>['size']>;

export interface HelpTipProps extends Omit<
  React.ComponentProps<typeof TooltipPrimitive.Content>,
  'children' | 'content'
> {
  /** What the help is about; the button is named 'Ayuda: {topic}'. */
  topic: string;
  /** The help text. */
  children: React.ReactNode;
  /** How long the help stays after a tap or click, in ms (the app's timing). */
  tapDuration: number;
  /** Words before the topic in the button's name. */
  labelPrefix?: string;
  size?: HelpTipSize;
}

/**
 * A '?' button next to a question that shows a short help text on hover, on keyboard focus and
 * on tap or click, so touch users reach it too. After a tap it stays for `tapDuration`.
 */
export function HelpTip({
  topic,
  children,
  tapDuration,
  labelPrefix = 'Ayuda',
  size = helpTipDefaults.size,
  className,
  onEscapeKeyDown,
  onPointerDownOutside,
  ...contentProps
}: HelpTipProps) {
  const [open, setOpen] = React.useState(false);
  // A tap opens the help "pinned": hover and focus changes do not close it (a touch ends with
  // pointerleave, which would close it at once); the timer, Escape, a tap elsewhere, a second
  // tap on the button or leaving it by keyboard do.
  const pinned = React.useRef(false);
  const timer = React.useRef<number | undefined>(undefined);
  const trigger = React.useRef<HTMLButtonElement>(null);

  const unpin = React.useCallback(() => {
    pinned.current = false;
    window.clearTimeout(timer.current);
  }, []);

  React.useEffect(() => unpin, [unpin]);

  const close = () => {
    unpin();
    setOpen(false);
  };

  return (
    <TooltipProvider delayDuration={200}>
      <TooltipPrimitive.Root
        open={open}
        onOpenChange={(next) => {
          if (next) setOpen(true);
          else if (!pinned.current) setOpen(false);
        }}
      >
        <TooltipPrimitive.Trigger
          ref={trigger}
          data-slot="help-tip"
          data-size={size}
          aria-label={`${labelPrefix}: ${topic}`}
          className={helpTipTriggerVariants({ size })}
          onClick={(event) => {
            // Replaces Radix's close-on-click: here a click or tap shows the help.
            event.preventDefault();
            if (open && pinned.current) {
              close();
              return;
            }
            unpin();
            pinned.current = true;
            setOpen(true);
            timer.current = window.setTimeout(close, tapDuration);
          }}
          onBlur={unpin}
        >
          <CircleQuestionMark aria-hidden="true" focusable="false" />
        </TooltipPrimitive.Trigger>
        <TooltipContent
          data-slot="help-tip-content"
          size="md"
          className={className}
          onEscapeKeyDown={(event) => {
            unpin();
            onEscapeKeyDown?.(event);
          }}
          onPointerDownOutside={(event) => {
            // A press on the button itself is its click's business (a second tap closes).
            if (event.target instanceof Node && trigger.current?.contains(event.target)) {
              event.preventDefault();
              return;
            }
            unpin();
            onPointerDownOutside?.(event);
          }}
          {...contentProps}
        >
          {children}
        </TooltipContent>
      </TooltipPrimitive.Root>
    </TooltipProvider>
  );
}
