import { holderLabel } from '@cbp/core';
import ChevronLeftDrawing from 'lucide/dist/esm/icons/chevron-left.mjs';
import ChevronRightDrawing from 'lucide/dist/esm/icons/chevron-right.mjs';
import * as React from 'react';

import { Button } from '../Button';
import { Tabs, TabsContent, TabsList, TabsTrigger, type TabsProps } from './Tabs';
import { icon } from '../../lib/icon';

const ChevronLeft = icon(ChevronLeftDrawing);
const ChevronRight = icon(ChevronRightDrawing);

export interface HolderTabsProps extends Omit<
  TabsProps,
  'children' | 'value' | 'defaultValue' | 'onValueChange'
> {
  /** Holder keys in order, as the document checklist names them: '1', '2', 'miembro-1'... */
  holders: readonly string[];
  /** The selected holder's key (controlled). */
  value?: string;
  /** The holder selected first when uncontrolled; the first holder if absent. */
  defaultValue?: string;
  onValueChange?: (holder: string) => void;
  /** The panel of one holder. */
  children: (holder: string) => React.ReactNode;
  /** Tab text of a key; defaults to core's holderLabel ('Titular 1', 'Miembro 1'). */
  getLabel?: (holder: string) => string;
  /** Accessible name of the tab list. */
  listLabel?: string;
  previousLabel?: string;
  nextLabel?: string;
  /** Position shown between the buttons on small screens, e.g. '2 de 3'. */
  formatPosition?: (position: number, total: number) => string;
}

/**
 * One tab per holder or household member. From the `sm` breakpoint up it is a tab list; below
 * it the list gives way to 'Anterior' / 'Siguiente' buttons around the current holder's name,
 * which is announced when it changes.
 */
export function HolderTabs({
  holders,
  value,
  defaultValue,
  onValueChange,
  children,
  getLabel = holderLabel,
  listLabel = 'Titulares y miembros de la unidad familiar',
  previousLabel = 'Anterior',
  nextLabel = 'Siguiente',
  formatPosition = (position, total) => `${position} de ${total}`,
  className,
  ...props
}: HolderTabsProps) {
  const [uncontrolled, setUncontrolled] = React.useState(defaultValue);
  const requested = value ?? uncontrolled;
  const selected =
    requested !== undefined && holders.includes(requested) ? requested : (holders[0] ?? '');
  const index = holders.indexOf(selected);
  const atFirst = index <= 0;
  const atLast = index >= holders.length - 1;

  const select = (holder: string) => {
    if (value === undefined) setUncontrolled(holder);
    onValueChange?.(holder);
  };

  const moveBy = (step: number) => {
    const next = holders[index + step];
    if (next !== undefined) select(next);
  };

  // aria-disabled rather than disabled: the button that was just pressed to reach the first or
  // last holder keeps focus instead of dropping it to the page.
  const pagerButton = 'flex-1 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

  return (
    <Tabs
      value={selected}
      onValueChange={select}
      data-slot="holder-tabs"
      className={className}
      {...props}
    >
      <div data-slot="holder-tabs-pager" className="flex flex-col gap-2 sm:hidden">
        <p role="status" data-slot="holder-tabs-position" className="text-center">
          <span className="font-semibold">{getLabel(selected)}</span>{' '}
          <span className="text-muted-foreground">
            ({formatPosition(index + 1, holders.length)})
          </span>
        </p>
        <div className="flex gap-3">
          <Button
            variant="outline"
            className={pagerButton}
            aria-disabled={atFirst || undefined}
            onClick={() => {
              moveBy(-1);
            }}
          >
            <ChevronLeft aria-hidden="true" focusable="false" />
            {previousLabel}
          </Button>
          <Button
            variant="outline"
            className={pagerButton}
            aria-disabled={atLast || undefined}
            onClick={() => {
              moveBy(1);
            }}
          >
            {nextLabel}
            <ChevronRight aria-hidden="true" focusable="false" />
          </Button>
        </div>
      </div>
      {/* Hidden on a phone by its wrapper: the list's own display is its variant's. */}
      <div className="hidden sm:block">
        <TabsList aria-label={listLabel}>
          {holders.map((holder) => (
            <TabsTrigger key={holder} value={holder}>
              {getLabel(holder)}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {holders.map((holder) => (
        <TabsContent key={holder} value={holder} className="min-w-0">
          {children(holder)}
        </TabsContent>
      ))}
    </Tabs>
  );
}
