import { Slot, Slottable } from '../../lib/slot';
import { icon } from '../../lib/icon';
import { cva, type VariantProps } from 'class-variance-authority';
import ExternalLinkDrawing from 'lucide/dist/esm/icons/external-link.mjs';
import type * as React from 'react';

import { cn } from '../../lib/cn';

const ExternalLink = icon(ExternalLinkDrawing);

const linkDefaults = { variant: 'inline' } as const;

/**
 * Link styles, usable on any element: `<RouterLink className={linkVariants()} />`. Colours and
 * the focus colour are the variant's; `linkVariants({ variant: null })` gives the rest, for a
 * link in colours of its own.
 */
export const linkVariants = cva(
  [
    'cursor-pointer rounded-sm underline underline-offset-[0.2em] transition-colors',
    'focus-visible:outline-3 focus-visible:outline-offset-2',
    'hover:decoration-2 [&_svg]:inline [&_svg]:size-[1em] [&_svg]:shrink-0',
  ],
  {
    variants: {
      variant: {
        inline: 'text-link hover:text-link-hover focus-visible:outline-ring',
        standalone:
          'inline-flex items-center gap-1 font-semibold text-link hover:text-link-hover focus-visible:outline-ring',
        subtle: 'text-muted-foreground hover:text-foreground focus-visible:outline-ring',
        // The usual focus colour is too close to a primary-coloured band; the light one stands out.
        inverse: 'text-primary-foreground focus-visible:outline-primary-foreground',
      },
    },
    defaultVariants: linkDefaults,
  },
);

type LinkVariant = NonNullable<VariantProps<typeof linkVariants>['variant']>;

export interface TextLinkProps extends React.ComponentProps<'a'> {
  variant?: LinkVariant;
  /** Renders the single child element (e.g. a router link) with these styles. */
  asChild?: boolean;
  /** Opens in a new tab and says so, visibly with an icon and in words for screen readers. */
  newTab?: boolean;
}

export function TextLink({
  variant = linkDefaults.variant,
  asChild = false,
  newTab = false,
  className,
  children,
  ...props
}: TextLinkProps) {
  const Comp = asChild ? Slot : 'a';
  const newTabProps = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <Comp
      data-slot="text-link"
      data-variant={variant}
      className={cn(linkVariants({ variant }), className)}
      {...newTabProps}
      {...props}
    >
      <Slottable>{children}</Slottable>
      {newTab ? (
        <>
          <ExternalLink aria-hidden="true" focusable="false" className="ms-1 align-[-0.125em]" />
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </>
      ) : null}
    </Comp>
  );
}
