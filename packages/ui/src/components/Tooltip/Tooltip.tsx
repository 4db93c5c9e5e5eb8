import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '../../lib/cn';

const tooltipContentDefaults = { size: 'sm' } as const;

export const tooltipContentVariants = cva(
  'z-50 max-w-[min(20rem,calc(100vw-1rem))] rounded-md bg-foreground px-3 py-2 text-background',
  {
    variants: {
      size: {
        /** A control's short description. */
        sm: 'text-sm leading-snug',
        /** Help a person reads, at the size of the text it explains (HelpTip). */
        md: 'text-base',
      },
    },
    defaultVariants: tooltipContentDefaults,
  },
);

type TooltipContentSize = NonNullable<VariantProps<typeof tooltipContentVariants>['size']>;

export interface TooltipContentProps extends React.ComponentProps<typeof TooltipPrimitive.Content> {
  size?: TooltipContentSize;
}

export function TooltipProvider({
  delayDuration = 300,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={delayDuration} {...props} />;
}

/**
 * A short description of a control, shown on hover and keyboard focus. It carries its own
 * provider, so it works anywhere; wrap a screen in `TooltipProvider` to share the delays.
 */
export function Tooltip(props: React.ComponentProps<typeof TooltipPrimitive.Root>) {
  return (
    <TooltipProvider>
      <TooltipPrimitive.Root data-slot="tooltip" {...props} />
    </TooltipProvider>
  );
}

export function TooltipTrigger(props: React.ComponentProps<typeof TooltipPrimitive.Trigger>) {
  return <TooltipPrimitive.Trigger data-slot="tooltip-trigger" {...props} />;
}

export function TooltipContent({
  size = tooltipContentDefaults.size,
  className,
  sideOffset = 6,
  collisionPadding = 8,
  children,
  ...props
}: TooltipContentProps) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(tooltipContentVariants({ size }), className)}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow data-slot="tooltip-arrow" className="fill-foreground" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
