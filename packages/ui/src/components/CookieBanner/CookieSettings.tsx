import XDrawing from 'lucide/dist/esm/icons/x.mjs';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { Button } from '../Button';
import { Checkbox } from '../Checkbox';
import { icon } from '../../lib/icon';

const X = icon(XDrawing);

/** A purpose for which the site may store cookies. */
export interface CookieCategory {
  /** Key in the preferences object ('analytics'). */
  id: string;
  name: string;
  /** What the cookies do and who sets them, in plain words. */
  description: string;
  /** Technical cookies the site cannot work without: always on, not a choice. */
  alwaysOn?: boolean;
}

/** Consent per category id; always-on categories are always `true`. */
export type CookiePreferences = Record<string, boolean>;

/** The categories of the firm's sites: technical, analytics and third-party videos. */
export const defaultCookieCategories: readonly CookieCategory[] = [
  {
    id: 'necessary',
    name: 'Cookies técnicas',
    description:
      'Son necesarias para que la web funcione: mantienen tu sesión y recuerdan tu elección sobre las cookies. No se pueden desactivar.',
    alwaysOn: true,
  },
  {
    id: 'analytics',
    name: 'Cookies analíticas',
    description:
      'Nos permiten contar las visitas y saber qué páginas se usan más, de forma agregada, para mejorar la web.',
  },
  {
    id: 'videos',
    name: 'Vídeos de terceros',
    description:
      'Permiten ver dentro de la web los vídeos alojados en YouTube, que puede usar cookies para recordar tus preferencias de reproducción.',
  },
];

/** The same answer for every optional category; always-on categories stay `true`. */
export function cookiePreferencesForAll(
  categories: readonly CookieCategory[],
  accepted: boolean,
): CookiePreferences {
  return Object.fromEntries(
    categories.map((category) => [category.id, category.alwaysOn === true || accepted]),
  );
}

export interface CookieSettingsProps extends Omit<
  React.ComponentProps<'form'>,
  'onSubmit' | 'defaultValue'
> {
  categories?: readonly CookieCategory[];
  /** The person's earlier choice; optional categories not in it start unticked. */
  defaultPreferences?: CookiePreferences | undefined;
  onSave: (preferences: CookiePreferences) => void;
  saveLabel?: string;
  /** The question above the categories. */
  legend?: React.ReactNode;
  /** Shown beside an always-on category. */
  alwaysOnLabel?: string;
}

/**
 * The second layer of cookie consent: one checkbox per category, optional ones unticked unless
 * the person chose them before, and 'Guardar preferencias'.
 */
export function CookieSettings({
  categories = defaultCookieCategories,
  defaultPreferences,
  onSave,
  saveLabel = 'Guardar preferencias',
  legend = 'Elige qué cookies aceptas',
  alwaysOnLabel = 'Siempre activas',
  className,
  ...props
}: CookieSettingsProps) {
  const [preferences, setPreferences] = React.useState<CookiePreferences>(() =>
    Object.fromEntries(
      categories.map((category) => [
        category.id,
        category.alwaysOn === true || defaultPreferences?.[category.id] === true,
      ]),
    ),
  );

  return (
    <form
      data-slot="cookie-settings"
      className={cn('flex flex-col gap-6', className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(preferences);
      }}
      {...props}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-lg font-semibold">{legend}</legend>
        {categories.map((category) => {
          const alwaysOn = category.alwaysOn === true;
          return (
            <Checkbox
              key={category.id}
              data-always-on={alwaysOn || undefined}
              className="rounded-md border-2 border-border bg-surface p-4"
              label={
                <>
                  <span className="font-semibold">{category.name}</span>
                  {alwaysOn ? (
                    <span className="ms-2 text-sm text-muted-foreground">({alwaysOnLabel})</span>
                  ) : null}
                </>
              }
              hint={category.description}
              checked={alwaysOn || preferences[category.id] === true}
              disabled={alwaysOn}
              onCheckedChange={(checked) => {
                setPreferences((previous) => ({ ...previous, [category.id]: checked }));
              }}
            />
          );
        })}
      </fieldset>
      <Button type="submit" className="self-start">
        {saveLabel}
      </Button>
    </form>
  );
}

export interface CookieSettingsDialogProps extends Omit<CookieSettingsProps, 'title'> {
  open?: boolean | undefined;
  defaultOpen?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
  /** A button that opens the dialog (rendered as the dialog's trigger). */
  trigger?: React.ReactElement | undefined;
  title?: React.ReactNode;
  description?: React.ReactNode;
  closeLabel?: string;
  /**
   * Called as the dialog closes, before focus returns to the element that opened it; call
   * `event.preventDefault()` to move focus somewhere else yourself.
   */
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}

/**
 * `CookieSettings` in a modal dialog, closed after 'Guardar preferencias'. It is the browser's
 * own `<dialog>` opened with `showModal()`: the rest of the page is inert while it is open,
 * Escape closes it, and the public pages that show it do not download a dialog library.
 */
export function CookieSettingsDialog({
  open,
  defaultOpen = false,
  onOpenChange,
  trigger,
  title = 'Configuración de cookies',
  description = 'Las cookies técnicas están siempre activas. Las demás solo se usan si las marcas, y puedes cambiar tu elección cuando quieras.',
  closeLabel = 'Cerrar',
  onCloseAutoFocus,
  onSave,
  ...settingsProps
}: CookieSettingsDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(defaultOpen);
  const dialogRef = React.useRef<HTMLDialogElement>(null);
  const id = React.useId();
  const isOpen = open ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  const requestClose = React.useEffectEvent(() => {
    setOpen(false);
  });
  const closeAutoFocus = React.useEffectEvent((opener: HTMLElement | null) => {
    const event = new Event('cookie-settings.close-auto-focus', { cancelable: true });
    onCloseAutoFocus?.(event);
    // The element that opened the dialog (the banner's 'Configurar', a footer link) gets focus
    // back, unless the caller moved it somewhere else.
    if (!event.defaultPrevented && opener?.isConnected === true) opener.focus();
  });

  React.useEffect(() => {
    const dialog = dialogRef.current;
    if (!isOpen || dialog === null) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // Escape closes through React's state at once; the browser's own `cancel` comes a task later.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      requestClose();
    };
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('keydown', onKeyDown);
      if (dialog.open) dialog.close();
      closeAutoFocus(opener);
    };
  }, [isOpen]);

  const triggerElement =
    trigger === undefined
      ? null
      : React.cloneElement(trigger as React.ReactElement<React.ComponentProps<'button'>>, {
          'aria-haspopup': 'dialog',
          'aria-expanded': isOpen,
          onClick: (event: React.MouseEvent<HTMLButtonElement>) => {
            (trigger.props as React.ComponentProps<'button'>).onClick?.(event);
            if (!event.defaultPrevented) setOpen(true);
          },
        });

  return (
    <>
      {triggerElement}
      {isOpen ? (
        <dialog
          ref={dialogRef}
          data-slot="cookie-settings-dialog"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-description`}
          onCancel={(event) => {
            event.preventDefault();
            setOpen(false);
          }}
          className="fixed inset-0 z-50 m-auto flex h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl flex-col gap-4 overflow-y-auto rounded-lg bg-background p-6 text-foreground shadow-lg backdrop:bg-foreground/60"
        >
          <div className="flex items-start justify-between gap-4">
            <h2 id={`${id}-title`} className="pt-2 text-2xl leading-tight font-bold">
              {title}
            </h2>
            <Button
              variant="ghost"
              size="icon"
              aria-label={closeLabel}
              className="shrink-0"
              onClick={() => {
                setOpen(false);
              }}
            >
              <X aria-hidden="true" focusable="false" />
            </Button>
          </div>
          <p id={`${id}-description`} className="text-muted-foreground">
            {description}
          </p>
          <CookieSettings
            {...settingsProps}
            onSave={(preferences) => {
              onSave(preferences);
              setOpen(false);
            }}
          />
        </dialog>
      ) : null}
    </>
  );
}
