import { formatEuros } from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';

import { DataTable, type DataTableColumn, type DataTableSort } from './DataTable';
import { Pagination } from './Pagination';

interface Invoice {
  id: string;
  cliente: string;
  ciudad: string;
  importe: number;
  fecha: string;
}

const dates = new Intl.DateTimeFormat('es-ES', { dateStyle: 'short', timeZone: 'Europe/Madrid' });

const invoices: Invoice[] = [
  {
    id: '1',
    cliente: 'Ana Martínez Ruiz',
    ciudad: 'Zaragoza',
    importe: 1250.5,
    fecha: '2026-11-02T09:15:00Z',
  },
  {
    id: '2',
    cliente: 'Luis Pérez Gómez',
    ciudad: 'Ávila',
    importe: 380,
    fecha: '2026-11-10T16:40:00Z',
  },
  {
    id: '3',
    cliente: 'Nuria Fernández',
    ciudad: 'Cáceres',
    importe: 12_400,
    fecha: '2026-11-18T08:05:00Z',
  },
];

const columns: DataTableColumn<Invoice>[] = [
  { id: 'cliente', header: 'Cliente', cell: (row) => row.cliente, sortable: true, rowHeader: true },
  { id: 'ciudad', header: 'Ciudad', cell: (row) => row.ciudad },
  {
    id: 'importe',
    header: 'Importe',
    cell: (row) => formatEuros(row.importe),
    sortable: true,
    align: 'end',
    className: 'tabular-nums',
  },
  {
    id: 'fecha',
    header: 'Fecha',
    cell: (row) => dates.format(new Date(row.fecha)),
    sortable: true,
  },
];

function SortableInvoices() {
  const [sort, setSort] = useState<DataTableSort | null>({ key: 'fecha', direction: 'desc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  return (
    <div className="flex flex-col gap-4 p-4">
      <DataTable
        columns={columns}
        rows={invoices}
        getRowId={(row) => row.id}
        caption="Facturas emitidas"
        emptyMessage="No hay facturas con estos filtros."
        sort={sort}
        onSortChange={setSort}
      />
      <Pagination
        page={page}
        pageSize={pageSize}
        total={160}
        onPageChange={setPage}
        pageSizes={[10, 25, 50, 100]}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Componentes/DataTable',
  parameters: {
    docs: {
      description: {
        component: `
A table of records whose order and pages are decided elsewhere (the server): the kit draws it, \`@tanstack/react-table\`
models it, and the page asks for another order or page through \`onSortChange\` and \`Pagination\`'s callbacks.

**Usage**
\`\`\`tsx
<DataTable columns={columns} rows={rows} getRowId={(row) => row.id} caption="…" emptyMessage="…"
  sort={{ key: 'fecha', direction: 'desc' }} onSortChange={setSort} />
<Pagination page={2} pageSize={25} total={160} onPageChange={setPage}
  pageSizes={[10, 25, 50]} onPageSizeChange={setPageSize} />
\`\`\`

**Accessibility criteria**
- The caption names the table and the region around it (visible, or \`captionHidden\` for screen readers only).
- Sortable headings are buttons inside \`<th>\`; the sorted one carries \`aria-sort\` ascending/descending, the others
  \`none\`; the arrow is decoration, the button's name says what pressing does.
- On narrow screens the table scrolls sideways inside a region that takes focus, so arrow keys scroll it.
- Pagination is a named \`<nav>\` with "Página 2 de 7", the rows shown, "Anterior"/"Siguiente" (disabled at the
  ends) and a labelled "Filas por página" select; numbers in es-ES.
- Heavy: import it only from the screens that show tables, so other pages do not download it.
`,
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const SortedAndPaged: Story = {
  render: () => <SortableInvoices />,
  play: async ({ canvas, userEvent }) => {
    const heading = canvas.getByRole('columnheader', { name: /Cliente/ });
    await expect(heading).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(canvas.getByRole('button', { name: /^Cliente/ }));
    await expect(heading).toHaveAttribute('aria-sort', 'ascending');
    await expect(canvas.getByRole('navigation', { name: 'Paginación' })).toHaveTextContent(
      'Página 1 de 7',
    );
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: () => <SortableInvoices />,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'Facturas emitidas' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    // The table scrolls inside its box; the page itself never gets wider than the phone.
    const page = canvasElement.ownerDocument.documentElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
  },
};

export const Empty: Story = {
  render: () => (
    <div className="p-4">
      <DataTable
        columns={columns}
        rows={[]}
        getRowId={(row) => row.id}
        caption="Facturas emitidas"
        emptyMessage="No hay facturas con estos filtros."
      />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No hay facturas con estos filtros.')).toBeVisible();
  },
};
