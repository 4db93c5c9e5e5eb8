import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';

import { Button } from '../Button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  ModalDialog,
} from './Dialog';

const onDelete = fn();

function dialogOnPage() {
  return within(document.body).getByRole('dialog');
}

/** The answers of a deletion: 'Cancelar' and 'Eliminar', both closing the dialog. */
function CancelOrDelete({ onDelete }: { onDelete?: () => void }) {
  return (
    <>
      <DialogClose asChild>
        <Button variant="outline">Cancelar</Button>
      </DialogClose>
      <DialogClose asChild>
        <Button variant="destructive" onClick={onDelete}>
          Eliminar
        </Button>
      </DialogClose>
    </>
  );
}

const meta = {
  title: 'Componentes/Dialog',
  component: Dialog,
  render: (args) => (
    <ModalDialog
      {...args}
      size="sm"
      trigger={<Button variant="destructive">Eliminar documento</Button>}
      title="¿Eliminar nomina.pdf?"
      description="El archivo se borrará de tu expediente y tendrás que subirlo de nuevo."
      footer={<CancelOrDelete onDelete={onDelete} />}
    />
  ),
  parameters: {
    screenshot: { scope: 'page' },
    docs: {
      description: {
        component: `
A window over the page for something the person must deal with before going on: confirming a deletion, or
the frame of the document-retrieval provider ("Acceder con Cl@ve PIN"). \`ModalDialog\` is the usual one in
a piece (\`trigger\`, \`title\`, \`description\`, \`failure\`, what it holds and its \`footer\`); anything
else is composed from \`Dialog\`, \`DialogTrigger\`, \`DialogContent\`, \`DialogHeader\`, \`DialogTitle\`,
\`DialogDescription\`, \`DialogFooter\` and \`DialogClose\`.

**Usage**
- \`failure\`: why the last attempt failed, as an error alert under the description until the next one.
- Always give a \`DialogTitle\` and, unless the title says it all, a \`DialogDescription\`.
- \`DialogContent\` has a "Cerrar" button in its top corner (\`closeLabel\` to change the text,
  \`hideCloseButton\` only when the footer has an equivalent). Footer actions that close wrap a \`Button\`
  in \`<DialogClose asChild>\`.
- \`size\`: \`sm\` confirmations, \`md\` (default) short forms, \`lg\` longer content, \`frame\` for an embedded
  provider (give the frame itself \`min-h-[600px]\` and a \`title\`).
- Control it with \`open\` / \`onOpenChange\` when something other than the trigger opens or closes it (a
  provider's "session completed" message).

**Accessibility criteria**
- The browser's own \`<dialog>\`, opened with \`showModal()\`: a modal dialog, named by its title and
  described by its description, with no dialog library to download.
- Opening moves focus into the dialog (the "Cerrar" button first); Tab and Shift+Tab stay inside; the page
  behind is inert (hidden from screen readers, not clickable) and cannot be scrolled.
- Escape, "Cerrar" and a click on the dimmed backdrop close it; focus then returns to the control that
  opened it.
- "Cerrar" is a visible text button at least 44 px high; at 375 px the dialog fits the screen (scrolling
  inside when taller) and footer buttons stack, primary first.
`,
      },
    },
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Confirmation: Story = {
  play: async ({ canvas, userEvent }) => {
    onDelete.mockClear();
    const trigger = canvas.getByRole('button', { name: 'Eliminar documento' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');

    const dialog = dialogOnPage();
    await expect(dialog).toHaveAccessibleName('¿Eliminar nomina.pdf?');
    await expect(dialog).toHaveAccessibleDescription(
      'El archivo se borrará de tu expediente y tendrás que subirlo de nuevo.',
    );
    const close = within(dialog).getByRole('button', { name: 'Cerrar' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' });
    const remove = within(dialog).getByRole('button', { name: 'Eliminar' });
    await expect(close).toHaveFocus();

    // Focus stays inside: after the last button comes the first again, and back.
    await userEvent.tab();
    await expect(cancel).toHaveFocus();
    await userEvent.tab();
    await expect(remove).toHaveFocus();
    await userEvent.tab();
    await expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(remove).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument();
    await expect(trigger).toHaveFocus();
    await expect(onDelete).not.toHaveBeenCalled();

    await userEvent.keyboard(' ');
    await userEvent.click(within(dialogOnPage()).getByRole('button', { name: 'Eliminar' }));
    await expect(onDelete).toHaveBeenCalledTimes(1);
    await expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument();
    await expect(trigger).toHaveFocus();

    // While it is open the page behind does not scroll. A click on the dimmed backdrop reaches
    // the dialog itself, outside its box, and closes it.
    await userEvent.keyboard('{Enter}');
    await expect(getComputedStyle(document.documentElement).overflow).toBe('hidden');
    dialogOnPage().dispatchEvent(
      new MouseEvent('click', { bubbles: true, clientX: 1, clientY: 1 }),
    );
    await waitFor(() =>
      expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument(),
    );
    await expect(getComputedStyle(document.documentElement).overflow).not.toBe('hidden');
    await expect(trigger).toHaveFocus();
    await expect(onDelete).toHaveBeenCalledTimes(1);

    // Left open for the picture.
    await userEvent.keyboard('{Enter}');
    await expect(dialogOnPage()).toBeVisible();
  },
};

export const ProviderFrame: Story = {
  render: (args) => (
    <Dialog {...args}>
      <DialogTrigger asChild>
        <Button>Acceder con Cl@ve PIN</Button>
      </DialogTrigger>
      <DialogContent size="frame">
        <DialogHeader>
          <DialogTitle>Obtener documentos con Cl@ve PIN</DialogTitle>
          <DialogDescription>
            Identifícate en el servicio de Bankflip para que obtengamos tus documentos fiscales y de
            la Seguridad Social.
          </DialogDescription>
        </DialogHeader>
        {/* Stands in for the provider's iframe: no request leaves the story. */}
        <section
          aria-label="Servicio de obtención de documentos de Bankflip"
          data-testid="provider-frame"
          className="grid min-h-[600px] w-full place-items-center rounded-md border-2 border-dashed border-input bg-muted p-6 text-center text-muted-foreground"
        >
          Aquí se carga el servicio de Bankflip.
        </section>
      </DialogContent>
    </Dialog>
  ),
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Acceder con Cl@ve PIN' });
    await userEvent.click(trigger);
    const dialog = dialogOnPage();
    await expect(dialog).toHaveAccessibleName('Obtener documentos con Cl@ve PIN');
    await expect(dialog).toHaveAttribute('data-size', 'frame');
    const frame = within(dialog).getByRole('region', {
      name: 'Servicio de obtención de documentos de Bankflip',
    });
    await expect(frame.getBoundingClientRect().height).toBeGreaterThanOrEqual(600);

    // With nothing focusable in the frame, focus starts on "Cerrar" and stays there.
    const close = within(dialog).getByRole('button', { name: 'Cerrar' });
    await expect(close).toHaveFocus();
    await userEvent.tab();
    await expect(close).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(dialogOnPage()).toBeVisible();
  },
};

export const LongTextMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { defaultOpen: true },
  render: (args) => (
    <ModalDialog
      {...args}
      size="sm"
      title="¿Eliminar el certificado de empadronamiento colectivo e histórico?"
      description="El certificado se borrará de tu expediente. Si lo eliminas tendrás que pedir uno nuevo en tu ayuntamiento y subirlo antes de que revisemos la documentación de la unidad familiar."
      footer={<CancelOrDelete />}
    />
  ),
  play: async () => {
    const dialog = dialogOnPage();
    const box = dialog.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    const remove = within(dialog).getByRole('button', { name: 'Eliminar' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' });
    // Stacked, with the main action on top.
    await expect(remove.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      cancel.getBoundingClientRect().top,
    );
    await expect(
      within(dialog).getByRole('button', { name: 'Cerrar' }).getBoundingClientRect().height,
    ).toBeGreaterThanOrEqual(44);
  },
};

export const AfterAFailure: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <ModalDialog
      {...args}
      size="sm"
      title="¿Eliminar nomina.pdf?"
      description="El archivo se borrará de tu expediente y tendrás que subirlo de nuevo."
      failure="No hemos podido eliminar el archivo. Inténtalo de nuevo en unos minutos."
      footer={<CancelOrDelete />}
    />
  ),
  play: async () => {
    const dialog = dialogOnPage();
    const alert = within(dialog).getByRole('alert');
    await expect(alert).toHaveTextContent(
      'No hemos podido eliminar el archivo. Inténtalo de nuevo en unos minutos.',
    );
    // Read after the question, before the answers.
    const description = within(dialog).getByText(/El archivo se borrará/);
    await expect(description.compareDocumentPosition(alert)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    const remove = within(dialog).getByRole('button', { name: 'Eliminar' });
    await expect(alert.compareDocumentPosition(remove)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  },
};
