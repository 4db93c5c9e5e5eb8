import ChevronLeftDrawing from 'lucide/dist/esm/icons/chevron-left.mjs';
import ChevronRightDrawing from 'lucide/dist/esm/icons/chevron-right.mjs';
import * as React from 'react';

import { formatNumber } from '@cbp/core';

import { cn } from '../../lib/cn';
import { icon } from '../../lib/icon';
import { nativeSelectVariants } from '../Select/NativeSelect';
import { Button } from '../Button';

const ChevronLeft = icon(ChevronLeftDrawing);
const ChevronRight = icon(ChevronRightDrawing);

// Spanish grouping on every number ('1.000', not '1000'), like the rest of the product.
const numberFormat = { format: (value: number) => formatNumber(value, 0) };

export interface PaginationProps extends Omit<React.ComponentProps<'nav'>, 'children'> {
  /** The page on screen, from 1. */
  page: number;
  pageSize: number;
  /** How many rows there are in all pages. */
  total: number;
  onPageChange: (page: number) => void;
  /** The choices of rows per page; without it (or `onPageSizeChange`) there is no choice. */
  pageSizes?: readonly number[];
  onPageSizeChange?: (pageSize: number) => void;
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
  pageSizeLabel?: string;
  /** The position in words: "Página 2 de 7". */
  describePage?: (page: string, pages: string) => string;
  /** The rows on screen in words: "Filas 26 a 50 de 160". */
  describeRange?: (first: string, last: string, total: string) => string;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** Previous and next page, where the rows are, and how many rows a page shows. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  pageSizes,
  onPageSizeChange,
  label = 'Paginación',
  previousLabel = 'Anterior',
  nextLabel = 'Siguiente',
  pageSizeLabel = 'Filas por página',
  describePage = (current, pages) => `Página ${current} de ${pages}`,
  describeRange = (first, last, all) => `Filas ${first} a ${last} de ${all}`,
  className,
  ...props
}: PaginationProps) {
  const sizeId = React.useId();
  const pages = pageCount(total, pageSize);
  const current = Math.min(Math.max(1, page), pages);
  const first = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const last = Math.min(total, current * pageSize);
  return (
    <nav
      data-slot="pagination"
      aria-label={label}
      className={cn('flex flex-wrap items-center justify-between gap-4', className)}
      {...props}
    >
      <p data-slot="pagination-status" className="flex flex-col">
        <span className="font-semibold">
          {describePage(numberFormat.format(current), numberFormat.format(pages))}
        </span>
        {total === 0 ? null : (
          <span className="text-sm text-muted-foreground">
            {describeRange(
              numberFormat.format(first),
              numberFormat.format(last),
              numberFormat.format(total),
            )}
          </span>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {pageSizes !== undefined && onPageSizeChange !== undefined ? (
          <span className="flex items-center gap-2">
            <label htmlFor={sizeId} className="font-medium">
              {pageSizeLabel}
            </label>
            <select
              id={sizeId}
              data-slot="pagination-size"
              value={pageSize}
              onChange={(event) => {
                onPageSizeChange(Number(event.target.value));
              }}
              className={nativeSelectVariants({ layout: 'inline' })}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {numberFormat.format(size)}
                </option>
              ))}
            </select>
          </span>
        ) : null}
        <Button
          variant="outline"
          disabled={current <= 1}
          onClick={() => {
            onPageChange(current - 1);
          }}
        >
          <ChevronLeft aria-hidden="true" focusable="false" />
          {previousLabel}
        </Button>
        <Button
          variant="outline"
          disabled={current >= pages}
          onClick={() => {
            onPageChange(current + 1);
          }}
        >
          {nextLabel}
          <ChevronRight aria-hidden="true" focusable="false" />
        </Button>
      </div>
    </nav>
  );
}
