import { cva, type VariantProps } from 'class-variance-authority';
import ChevronDownDrawing from 'lucide/dist/esm/icons/chevron-down.mjs';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { icon } from '../../lib/icon';
import { indexAfterKey, type MoveKeys } from '../../lib/key-navigation';

const ChevronDown = icon(ChevronDownDrawing);

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
  disabled: boolean;
  /** Whether pressing an open item's heading closes it (always true for `multiple`). */
  collapsible: boolean;
  open: readonly string[];
  setOpen: (value: string, open: boolean) => void;
  root: React.RefObject<HTMLDivElement | null>;
}

const AccordionContext = React.createContext<AccordionContextValue>({
  variant: accordionDefaults.variant,
  headingLevel: 3,
  disabled: false,
  collapsible: true,
  open: [],
  setOpen: () => undefined,
  root: { current: null },
});

interface AccordionItemContextValue {
  open: boolean;
  disabled: boolean;
  triggerId: string;
  contentId: string;
  setOpen: (open: boolean) => void;
}

const AccordionItemContext = React.createContext<AccordionItemContextValue>({
  open: false,
  disabled: true,
  triggerId: '',
  contentId: '',
  setOpen: () => undefined,
});

interface AccordionSingleProps {
  type: 'single';
  /** The open item's `value`, or '' when none is open. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Whether the open item closes when its heading is pressed again (default true). */
  collapsible?: boolean;
}

interface AccordionMultipleProps {
  type: 'multiple';
  /** The `value` of every open item. */
  value?: string[];
  defaultValue?: string[];
  onValueChange?: (value: string[]) => void;
  collapsible?: never;
}

export type AccordionProps = Omit<React.ComponentProps<'div'>, 'defaultValue' | 'dir' | 'ref'> &
  (AccordionSingleProps | AccordionMultipleProps) & {
    variant?: AccordionVariant;
    /** Level of every item's heading, to fit the page's outline (an FAQ under an h2 uses 3). */
    headingLevel?: HeadingLevel;
    /** Disables every item. */
    disabled?: boolean;
  };

function asList(value: string | readonly string[] | undefined): readonly string[] | undefined {
  if (typeof value === 'string') return value === '' ? [] : [value];
  return value;
}

/**
 * Sections that open and close under their headings. `type="single"` keeps one item open at a
 * time and, unless `collapsible={false}`, closes the open one when its heading is pressed again;
 * `type="multiple"` lets every item open and close on its own.
 */
export function Accordion(props: AccordionProps) {
  const {
    type,
    value,
    defaultValue,
    onValueChange,
    collapsible = true,
    variant = accordionDefaults.variant,
    headingLevel = 3,
    disabled = false,
    className,
    ...divProps
  } = props;
  const [uncontrolled, setUncontrolled] = React.useState(() => asList(defaultValue) ?? []);
  const open = asList(value) ?? uncontrolled;
  const root = React.useRef<HTMLDivElement>(null);

  const setOpen = (item: string, nextOpen: boolean) => {
    const others = open.filter((other) => other !== item);
    const next = nextOpen ? (type === 'single' ? [item] : [...others, item]) : others;
    if (value === undefined) setUncontrolled(next);
    if (onValueChange === undefined) return;
    if (props.type === 'single') props.onValueChange?.(next[0] ?? '');
    else props.onValueChange?.(next);
  };

  return (
    <AccordionContext value={{ variant, headingLevel, disabled, collapsible, open, setOpen, root }}>
      <div
        ref={root}
        data-slot="accordion"
        data-variant={variant}
        className={cn(accordionVariants({ variant }), className)}
        {...divProps}
      />
    </AccordionContext>
  );
}

export interface AccordionItemProps extends React.ComponentProps<'div'> {
  /** Unique within the accordion: what `value` and `onValueChange` name the item by. */
  value: string;
  disabled?: boolean;
}

export function AccordionItem({ value, disabled, className, ...props }: AccordionItemProps) {
  const accordion = React.use(AccordionContext);
  const open = accordion.open.includes(value);
  const id = React.useId();
  const item: AccordionItemContextValue = {
    open,
    disabled: disabled ?? accordion.disabled,
    triggerId: `${id}-trigger`,
    contentId: `${id}-content`,
    setOpen: (nextOpen) => {
      accordion.setOpen(value, nextOpen);
    },
  };
  return (
    <AccordionItemContext value={item}>
      <div
        data-slot="accordion-item"
        data-state={open ? 'open' : 'closed'}
        data-disabled={item.disabled ? '' : undefined}
        className={cn(accordionItemVariants({ variant: accordion.variant }), className)}
        {...props}
      />
    </AccordionItemContext>
  );
}

const HEADING_KEYS: MoveKeys = { next: 'ArrowDown', previous: 'ArrowUp' };

/** ↓ and ↑ move to the next and previous heading of the accordion, Home and End to the ends. */
function moveFocus(event: React.KeyboardEvent<HTMLButtonElement>, root: HTMLElement | null) {
  if (root === null) return;
  const triggers = Array.from(
    root.querySelectorAll<HTMLButtonElement>('[data-slot="accordion-trigger"]:not(:disabled)'),
  );
  const target = indexAfterKey(
    event.key,
    triggers.indexOf(event.currentTarget),
    triggers.length,
    HEADING_KEYS,
  );
  if (target === null) return;
  event.preventDefault();
  triggers[target]?.focus();
}

export interface AccordionTriggerProps extends React.ComponentProps<'button'> {
  /** Overrides the accordion's `headingLevel` for this item. */
  headingLevel?: HeadingLevel;
}

export function AccordionTrigger({
  headingLevel,
  className,
  children,
  onClick,
  onKeyDown,
  ...props
}: AccordionTriggerProps) {
  const accordion = React.use(AccordionContext);
  const item = React.use(AccordionItemContext);
  const Heading = `h${headingLevel ?? accordion.headingLevel}` as const;
  const locked = item.open && !accordion.collapsible;
  return (
    <Heading
      data-slot="accordion-heading"
      data-state={item.open ? 'open' : 'closed'}
      className="m-0 flex text-lg leading-snug font-semibold"
    >
      <button
        type="button"
        id={item.triggerId}
        data-slot="accordion-trigger"
        data-state={item.open ? 'open' : 'closed'}
        aria-expanded={item.open}
        aria-controls={item.contentId}
        aria-disabled={locked || undefined}
        disabled={item.disabled}
        className={cn(
          'group flex min-h-11 flex-1 cursor-pointer items-start justify-between gap-4 py-4 text-start',
          'rounded-sm text-foreground hover:text-link-hover hover:underline hover:underline-offset-4',
          'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
          'disabled:cursor-not-allowed disabled:opacity-60',
          accordion.variant === 'cards' && 'px-4',
          className,
        )}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented && !locked) item.setOpen(!item.open);
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (!event.defaultPrevented) moveFocus(event, accordion.root.current);
        }}
        {...props}
      >
        {children}
        <ChevronDown
          data-slot="accordion-icon"
          aria-hidden="true"
          focusable="false"
          className="mt-0.5 size-6 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
        />
      </button>
    </Heading>
  );
}

/**
 * The item's panel. A closed panel stays in the HTML, hidden, so its text is indexed and, where
 * the browser supports `hidden="until-found"`, found by find-in-page, which opens the item.
 */
export function AccordionContent({ className, children, ...props }: React.ComponentProps<'div'>) {
  const { variant } = React.use(AccordionContext);
  const item = React.use(AccordionItemContext);
  const panel = React.useRef<HTMLDivElement>(null);
  const { open, disabled } = item;
  const reveal = React.useEffectEvent(() => {
    item.setOpen(true);
  });

  React.useEffect(() => {
    const element = panel.current;
    if (element === null || open || disabled) return;
    // React writes `hidden` as a boolean, so the server HTML says plain `hidden`; the browser
    // only reveals a match in `until-found` panels.
    element.setAttribute('hidden', 'until-found');
    const onBeforeMatch = () => {
      reveal();
    };
    element.addEventListener('beforematch', onBeforeMatch);
    return () => {
      element.removeEventListener('beforematch', onBeforeMatch);
    };
  }, [open, disabled]);

  return (
    <div
      ref={panel}
      id={item.contentId}
      data-slot="accordion-content"
      data-state={open ? 'open' : 'closed'}
      role={open ? 'region' : undefined}
      aria-labelledby={item.triggerId}
      hidden={!open}
      {...props}
    >
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
    </div>
  );
}
