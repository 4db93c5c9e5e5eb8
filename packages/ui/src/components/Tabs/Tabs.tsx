import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { indexAfterKey, type MoveKeys } from '../../lib/key-navigation';
import { composeRefs } from '../../lib/compose-refs';

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

type TabsActivationMode = 'automatic' | 'manual';

interface TabsContextValue {
  /** The selected tab's value; undefined while none is. */
  value: string | undefined;
  select: (value: string) => void;
  activationMode: TabsActivationMode;
  variant: TabsVariant;
  /** Prefix of the ids of every tab and panel of this Tabs. */
  baseId: string;
}

const TabsContext = React.createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const tabs = React.use(TabsContext);
  if (tabs === null) throw new Error(`${part} must be inside a Tabs`);
  return tabs;
}

/**
 * The id of the tab that takes Tab when no enabled tab is selected (no value yet, or the
 * selected tab is disabled): the list's first enabled tab. Undefined otherwise.
 */
const TabsListStopContext = React.createContext<string | undefined>(undefined);

/** An id part from a tab's value: letters, digits and '-' stay, any other character is coded. */
function idPart(value: string): string {
  return value.replace(/[^A-Za-z0-9-]/g, (char) => `_${char.charCodeAt(0).toString(16)}_`);
}

function tabIds(baseId: string, value: string) {
  const part = idPart(value);
  return { tabId: `${baseId}-tab-${part}`, panelId: `${baseId}-panel-${part}` };
}

/** The list's own enabled tabs in document order; not those of a Tabs nested inside it. */
function enabledTabs(list: Element): HTMLButtonElement[] {
  return Array.from(list.querySelectorAll<HTMLButtonElement>('[role="tab"]')).filter(
    (tab) => !tab.disabled && tab.closest('[role="tablist"]') === list,
  );
}

export interface TabsProps extends Omit<React.ComponentProps<'div'>, 'defaultValue'> {
  /** The selected tab's `value`, for controlled tabs. */
  value?: string;
  /** The tab selected at first, for uncontrolled tabs. */
  defaultValue?: string;
  /** Called with the tab's `value` each time another tab is selected. */
  onValueChange?: (value: string) => void;
  /**
   * `automatic` (default): a tab reached with the arrow keys is selected at once. `manual`:
   * the arrows only move focus and Enter or Space selects, for panels slow to show.
   */
  activationMode?: TabsActivationMode;
  /** `underline` for sections of a page, `pills` for a compact switch inside a card. */
  variant?: TabsVariant;
}

/**
 * Panels of one page of which one shows at a time: the kit's own implementation of the WAI-ARIA
 * tabs pattern. `TabsList` is the `tablist`; each `TabsTrigger` a `tab` button that controls its
 * `TabsContent` panel, which is named by it. Only the selected tab is in the Tab order (roving
 * tabindex); ← and → move to the previous and next enabled tab, wrapping around, and Home and
 * End to the first and last; a tab reached so is selected, unless `activationMode="manual"`.
 * Only the selected panel is rendered. Controlled with `value` and `onValueChange`, or
 * uncontrolled with `defaultValue`.
 */
export function Tabs({
  value,
  defaultValue,
  onValueChange,
  activationMode = 'automatic',
  variant = tabsDefaults.variant,
  className,
  ...props
}: TabsProps) {
  const [uncontrolledValue, setUncontrolledValue] = React.useState(defaultValue);
  const controlled = value !== undefined;
  const currentValue = controlled ? value : uncontrolledValue;
  const baseId = `tabs${React.useId().replace(/[^\w-]/g, '')}`;

  const tabs: TabsContextValue = {
    value: currentValue,
    select: (next) => {
      if (next === currentValue) return;
      if (!controlled) setUncontrolledValue(next);
      onValueChange?.(next);
    },
    activationMode,
    variant,
    baseId,
  };

  return (
    <TabsContext value={tabs}>
      <div
        data-slot="tabs"
        data-variant={variant}
        className={cn('flex flex-col gap-4', className)}
        {...props}
      />
    </TabsContext>
  );
}

export function TabsList({ className, ref, children, ...props }: React.ComponentProps<'div'>) {
  const { value, variant } = useTabs('TabsList');
  const list = React.useRef<HTMLDivElement>(null);
  const [fallbackStop, setFallbackStop] = React.useState<string>();

  // Read from the rendered tabs whether an enabled one is selected and otherwise which is first,
  // so the list can always be reached with Tab. They change with the selection or the children.
  React.useEffect(() => {
    const element = list.current;
    if (element === null) return;
    const enabled = enabledTabs(element);
    const selectedEnabled = enabled.some((tab) => tab.getAttribute('aria-selected') === 'true');
    setFallbackStop(selectedEnabled ? undefined : enabled[0]?.id);
  }, [value, children]);

  return (
    <TabsListStopContext value={fallbackStop}>
      <div
        role="tablist"
        aria-orientation="horizontal"
        data-slot="tabs-list"
        ref={composeRefs(ref, list)}
        className={cn(tabsListVariants({ variant }), className)}
        {...props}
      >
        {children}
      </div>
    </TabsListStopContext>
  );
}

const TAB_KEYS: MoveKeys = { next: 'ArrowRight', previous: 'ArrowLeft' };

/** ← and → move to the previous and next enabled tab, wrapping; Home and End to the ends. */
function moveFocus(event: React.KeyboardEvent<HTMLButtonElement>) {
  // Modified arrows belong to the browser and assistive technology (Alt+← is Back).
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const list = event.currentTarget.closest('[role="tablist"]');
  if (list === null) return;
  const tabs = enabledTabs(list);
  const target = indexAfterKey(event.key, tabs.indexOf(event.currentTarget), tabs.length, TAB_KEYS);
  if (target === null) return;
  event.preventDefault();
  tabs[target]?.focus();
}

export interface TabsTriggerProps extends Omit<React.ComponentProps<'button'>, 'value'> {
  /** Identifies the tab and its `TabsContent`; `Tabs` reports it when the tab is selected. */
  value: string;
  /** A disabled tab cannot be selected and the arrow keys skip it. */
  disabled?: boolean;
}

export function TabsTrigger({
  value,
  disabled = false,
  className,
  onClick,
  onFocus,
  onKeyDown,
  ...props
}: TabsTriggerProps) {
  const tabs = useTabs('TabsTrigger');
  const fallbackStop = React.use(TabsListStopContext);
  const selected = tabs.value === value;
  const { tabId, panelId } = tabIds(tabs.baseId, value);
  const tabStop = (selected && !disabled) || fallbackStop === tabId;
  return (
    <button
      type="button"
      role="tab"
      id={tabId}
      aria-selected={selected}
      aria-controls={panelId}
      tabIndex={tabStop ? 0 : -1}
      disabled={disabled}
      data-slot="tabs-trigger"
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      className={cn(tabsTriggerVariants({ variant: tabs.variant }), className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        // Automatic activation: the tab the arrow keys reach is selected as it takes focus.
        if (!event.defaultPrevented && tabs.activationMode === 'automatic') tabs.select(value);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export interface TabsContentProps extends React.ComponentProps<'div'> {
  /** The `value` of the tab that shows this panel. */
  value: string;
}

/**
 * The panel of one tab, rendered only while its tab is selected. It is in the Tab order, so its
 * content is one key press away from the list even when it begins with plain text.
 */
export function TabsContent({ value, className, ...props }: TabsContentProps) {
  const tabs = useTabs('TabsContent');
  if (tabs.value !== value) return null;
  const { tabId, panelId } = tabIds(tabs.baseId, value);
  return (
    <div
      role="tabpanel"
      id={panelId}
      aria-labelledby={tabId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the ARIA tabs pattern: Tab goes from the tab list to the panel, even when the panel begins with plain text.
      tabIndex={0}
      data-slot="tabs-content"
      data-state="active"
      className={cn(
        'rounded-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  );
}
