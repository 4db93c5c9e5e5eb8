import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { cva, type VariantProps } from 'class-variance-authority';
import { ChevronDown } from 'lucide-react';
import * as React from 'react';

import { cn } from '../../lib/cn';

type HeadingLevel = 2 | 3 | 4 | 5 | 6;

const accordionDefaults = { variant: 'lines' } as const;

export const accordionVariants = cva('flex w-full flex-col', {
  variants: {
    variant: {
      lines: 'border-t-2 border-border',
      cards: 'gap-3',
    },
  },
  defaultVariants: accordionDefaults,
});

export const accordionItemVariants = cva('', {
  variants: {
    variant: {
      lines: 'border-b-2 border-border',
      cards: 'rounded-lg border-2 border-border bg-surface text-surface-foreground',
    },
  },
  defaultVariants: accordionDefaults,
});

type AccordionVariant = NonNullable<VariantProps<typeof accordionVariants>['variant']>;

interface AccordionContextValue {
  variant: AccordionVariant;
  headingLevel: HeadingLevel;
}

const AccordionContext = React.createContext<AccordionContextValue>({
  variant: accordionDefaults.variant,
  headingLevel: 3,
});

interface AccordionOwnProps {
  variant?: AccordionVariant;
  /** Level of every item's heading, to fit the page's outline (an FAQ under an h2 uses 3). */
  headingLevel?: HeadingLevel;
}

export type AccordionProps = React.ComponentProps<typeof AccordionPrimitive.Root> &
  AccordionOwnProps;

/**
 * Sections that open and close under their headings. `type="single"` keeps one item open at a
 * time and, unless `collapsible={false}`, closes the open one when its heading is pressed again;
 * `type="multiple"` lets every item open and close on its own.
 */
export function Accordion({
  variant = accordionDefaults.variant,
  headingLevel = 3,
  className,
  ...props
}: AccordionProps) {
  const context = React.useMemo(() => ({ variant, headingLevel }), [variant, headingLevel]);
  const shared = {
    'data-slot': 'accordion',
    'data-variant': variant,
    className: cn(accordionVariants({ variant }), className),
  };
  return (
    <AccordionContext value={context}>
      {props.type === 'single' ? (
        <AccordionPrimitive.Root {...shared} {...props} collapsible={props.collapsible ?? true} />
      ) : (
        <AccordionPrimitive.Root {...shared} {...props} />
      )}
    </AccordionContext>
  );
}

export function AccordionItem({
  className,
  ...props
}: React.ComponentProps<typeof AccordionPrimitive.Item>) {
  const { variant } = React.use(AccordionContext);
  return (
    <AccordionPrimitive.Item
      data-slot="accordion-item"
      className={cn(accordionItemVariants({ variant }), className)}
      {...props}
    />
  );
}

export interface AccordionTriggerProps extends React.ComponentProps<
  typeof AccordionPrimitive.Trigger
> {
  /** Overrides the accordion's `headingLevel` for this item. */
  headingLevel?: HeadingLevel;
}

export function AccordionTrigger({
  headingLevel,
  className,
  children,
  ...props
}: AccordionTriggerProps) {
  const context = React.use(AccordionContext);
  const Heading = `h${headingLevel ?? context.headingLevel}` as const;
  return (
    <AccordionPrimitive.Header asChild>
      <Heading
        data-slot="accordion-heading"
        className="m-0 flex text-lg leading-snug font-semibold"
      >
        <AccordionPrimitive.Trigger
          data-slot="accordion-trigger"
          className={cn(
            'group flex min-h-11 flex-1 cursor-pointer items-start justify-between gap-4 py-4 text-start',
            'rounded-sm text-foreground hover:text-link-hover hover:underline hover:underline-offset-4',
            'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
            'disabled:cursor-not-allowed disabled:opacity-60',
            context.variant === 'cards' && 'px-4',
            className,
          )}
          {...props}
        >
          {children}
          <ChevronDown
            data-slot="accordion-icon"
            aria-hidden="true"
            focusable="false"
            className="mt-0.5 size-6 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
          />
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({
  className,
  children,
  ...props
}: React.ComponentProps<typeof AccordionPrimitive.Content>) {
  const { variant } = React.use(AccordionContext);
  return (
    <AccordionPrimitive.Content data-slot="accordion-content" {...props}>
      <div
        data-slot="accordion-content-body"
        className={cn(
          'pb-5 leading-relaxed text-foreground [&_p]:not-last:mb-3',
          variant === 'cards' && 'px-4',
          className,
        )}
      >
        {children}
      </div>
    </AccordionPrimitive.Content>
  );
}
