import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { cn } from '../../lib/cn';

const tabsDefaults = { variant: 'underline' } as const;

export const tabsListVariants = cva('flex max-w-full', {
  variants: {
    variant: {
      underline: 'flex-wrap gap-x-2 border-b-2 border-border',
      pills: 'w-fit flex-wrap gap-2 rounded-lg bg-muted p-1',
    },
  },
  defaultVariants: tabsDefaults,
});

export const tabsTriggerVariants = cva(
  [
    'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 px-4 py-2',
    'text-base leading-tight font-semibold whitespace-nowrap text-muted-foreground transition-colors',
    'hover:text-foreground',
    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'disabled:cursor-not-allowed disabled:opacity-60',
    '[&_svg]:size-5 [&_svg]:shrink-0',
  ],
  {
    variants: {
      variant: {
        underline:
          '-mb-0.5 rounded-t-md border-b-4 border-transparent data-[state=active]:border-primary data-[state=active]:text-foreground',
        pills:
          'rounded-md border-2 border-transparent data-[state=active]:border-border data-[state=active]:bg-surface data-[state=active]:text-surface-foreground',
      },
    },
    defaultVariants: tabsDefaults,
  },
);

type TabsVariant = NonNullable<VariantProps<typeof tabsListVariants>['variant']>;

const TabsVariantContext = React.createContext<TabsVariant>(tabsDefaults.variant);

export interface TabsProps extends React.ComponentProps<typeof TabsPrimitive.Root> {
  /** `underline` for sections of a page, `pills` for a compact switch inside a card. */
  variant?: TabsVariant;
}

/**
 * Panels of one page of which one shows at a time. Arrow keys move between tabs and show their
 * panel; Home and End go to the first and last tab.
 */
export function Tabs({ variant = tabsDefaults.variant, className, ...props }: TabsProps) {
  return (
    <TabsVariantContext value={variant}>
      <TabsPrimitive.Root
        data-slot="tabs"
        data-variant={variant}
        className={cn('flex flex-col gap-4', className)}
        {...props}
      />
    </TabsVariantContext>
  );
}

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  const variant = React.use(TabsVariantContext);
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(tabsListVariants({ variant }), className)}
      {...props}
    />
  );
}

export function TabsTrigger({
  className,
  ...props
}: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  const variant = React.use(TabsVariantContext);
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(tabsTriggerVariants({ variant }), className)}
      {...props}
    />
  );
}

export function TabsContent({
  className,
  ...props
}: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn(
        'rounded-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  );
}
