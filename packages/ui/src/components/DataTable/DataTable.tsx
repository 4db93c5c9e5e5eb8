import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { cva } from 'class-variance-authority';
import ArrowDownDrawing from 'lucide/dist/esm/icons/arrow-down.mjs';
import ArrowUpDrawing from 'lucide/dist/esm/icons/arrow-up.mjs';
import ArrowUpDownDrawing from 'lucide/dist/esm/icons/arrow-up-down.mjs';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { icon } from '../../lib/icon';

const ArrowDown = icon(ArrowDownDrawing);
const ArrowUp = icon(ArrowUpDrawing);
const ArrowUpDown = icon(ArrowUpDownDrawing);

export type DataTableSortDirection = 'asc' | 'desc';

export interface DataTableSort {
  /** The `id` of the sorted column. */
  key: string;
  direction: DataTableSortDirection;
}

export interface DataTableColumn<Row> {
  id: string;
  /** The column heading; on a sortable column it is the button's name. */
  header: string;
  cell: (row: Row) => React.ReactNode;
  /** The heading becomes a button that asks for this column's order through `onSortChange`. */
  sortable?: boolean;
  /** The cells of this column are the row's headers (`<th scope="row">`), e.g. a name. */
  rowHeader?: boolean;
  /** `end` for amounts and other numbers, so their digits line up. */
  align?: 'start' | 'end';
  /** The heading may break onto more lines; headings otherwise stay on one. */
  headerWraps?: boolean;
  /** More classes for the column's cells (not alignment or wrapping: those have their props). */
  className?: string;
}

export interface DataTableProps<Row extends object> extends Omit<
  React.ComponentProps<'div'>,
  'children'
> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** What the table shows; it also names the scrolling region. */
  caption: React.ReactNode;
  /** Keeps the caption for screen readers only, where a visible heading already says it. */
  captionHidden?: boolean;
  /** Shown in the table's body when there are no rows. */
  emptyMessage: React.ReactNode;
  /** The order the rows come in (sorted elsewhere, e.g. by the server); null when unsorted. */
  sort?: DataTableSort | null;
  onSortChange?: (sort: DataTableSort) => void;
  /** True while new rows are being fetched: the table is marked busy. */
  busy?: boolean;
  /** Says how a sortable heading orders when pressed, after its name, for screen readers. */
  sortHint?: (direction: DataTableSortDirection) => string;
}

export const dataTableCellVariants = cva('px-3 py-3', {
  variants: {
    kind: {
      head: 'border-b-2 border-border bg-muted align-middle font-semibold text-foreground',
      body: 'border-b border-border align-top',
    },
    align: { start: 'text-start', end: 'text-end' },
    wrap: { auto: '', normal: 'whitespace-normal' },
  },
  compoundVariants: [{ kind: 'head', wrap: 'auto', className: 'whitespace-nowrap' }],
  defaultVariants: { kind: 'body', align: 'start', wrap: 'auto' },
});

function columnCellVariants<Row>(column: DataTableColumn<Row> | undefined) {
  return {
    align: column?.align ?? 'start',
    wrap: column?.headerWraps === true ? 'normal' : 'auto',
  } as const;
}

const features = tableFeatures({});

const defaultSortHint = (direction: DataTableSortDirection) =>
  direction === 'asc' ? 'ordenar de menor a mayor' : 'ordenar de mayor a menor';

function ariaSort(
  column: string,
  sort: DataTableSort | null | undefined,
): 'ascending' | 'descending' | undefined {
  if (sort?.key !== column) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * A table of records, with rows sorted and paged elsewhere (the server): sortable headings are
 * buttons inside `<th>` carrying `aria-sort`, and on narrow screens the table scrolls sideways
 * inside a focusable, named region so a keyboard can scroll it too.
 */
export function DataTable<Row extends object>({
  columns,
  rows,
  getRowId,
  caption,
  captionHidden = false,
  emptyMessage,
  sort,
  onSortChange,
  busy = false,
  sortHint = defaultSortHint,
  className,
  ...props
}: DataTableProps<Row>) {
  const captionId = React.useId();
  const byId = React.useMemo(
    () => new Map(columns.map((column) => [column.id, column])),
    [columns],
  );
  const columnDefs = React.useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        cell: ({ row }) => column.cell(row.original),
      })),
    [columns],
  );
  const data = React.useMemo(() => [...rows], [rows]);
  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row) => getRowId(row),
  });

  const nextSort = (key: string): DataTableSort =>
    sort?.key === key
      ? { key, direction: sort.direction === 'asc' ? 'desc' : 'asc' }
      : { key, direction: 'asc' };

  return (
    <div
      data-slot="data-table"
      role="region"
      aria-labelledby={captionId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus so the keyboard can scroll a table wider than the screen (WCAG 2.1.1).
      tabIndex={0}
      className={cn(
        // relative: hidden labels (sr-only, absolutely placed) of wide columns stay inside the
        // scrolling box instead of widening the page on a phone.
        'relative w-full overflow-x-auto rounded-md border-2 border-border bg-surface text-surface-foreground',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    >
      <table aria-busy={busy || undefined} className="w-full border-collapse text-base">
        <caption
          id={captionId}
          data-slot="data-table-caption"
          className={cn(captionHidden ? 'sr-only' : 'px-3 py-3 text-start text-lg font-semibold')}
        >
          {caption}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = byId.get(header.column.id);
                const sortable = column?.sortable === true && onSortChange !== undefined;
                const current = ariaSort(header.column.id, sort);
                const Icon =
                  current === 'ascending'
                    ? ArrowUp
                    : current === 'descending'
                      ? ArrowDown
                      : ArrowUpDown;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sortable ? (current ?? 'none') : undefined}
                    className={cn(
                      dataTableCellVariants({ kind: 'head', ...columnCellVariants(column) }),
                      column?.className,
                    )}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        data-slot="data-table-sort"
                        onClick={() => {
                          onSortChange(nextSort(header.column.id));
                        }}
                        className={cn(
                          'inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-sm font-semibold text-link underline underline-offset-4',
                          'hover:text-link-hover focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
                        )}
                      >
                        {column.header}
                        <span className="sr-only">
                          {`, ${sortHint(nextSort(header.column.id).direction)}`}
                        </span>
                        <Icon aria-hidden="true" focusable="false" className="size-4 shrink-0" />
                      </button>
                    ) : (
                      (column?.header ?? null)
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td
                data-slot="data-table-empty"
                colSpan={columns.length}
                className={cn(dataTableCellVariants(), 'text-muted-foreground')}
              >
                {emptyMessage}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-slot="data-table-row">
                {row.getAllCells().map((cell) => {
                  const column = byId.get(cell.column.id);
                  const Cell = column?.rowHeader === true ? 'th' : 'td';
                  return (
                    <Cell
                      key={cell.id}
                      scope={column?.rowHeader === true ? 'row' : undefined}
                      className={cn(
                        dataTableCellVariants(columnCellVariants(column)),
                        column?.rowHeader === true && 'font-semibold',
                        column?.className,
                      )}
                    >
                      <table.FlexRender cell={cell} />
                    </Cell>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
