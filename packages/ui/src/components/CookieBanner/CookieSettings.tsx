import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { Button } from '../Button';
import { Checkbox } from '../Checkbox';

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
                setPreferences((previous) => ({ ...previous, [category.id]: checked === true }));
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

/** `CookieSettings` in a modal dialog, closed after 'Guardar preferencias'. */
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
  const openerRef = React.useRef<HTMLElement | null>(null);
  const isOpen = open ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };

  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={setOpen}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-slot="cookie-settings-overlay"
          className="fixed inset-0 z-50 bg-foreground/60"
        />
        <DialogPrimitive.Content
          data-slot="cookie-settings-dialog"
          onOpenAutoFocus={() => {
            // Focus has not moved yet: this is the element that opened the dialog.
            openerRef.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            // Radix returns focus only to its own trigger; a dialog opened from elsewhere (the
            // banner's 'Configurar', a footer link) gets it back too.
            event.preventDefault();
            if (openerRef.current?.isConnected) openerRef.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg bg-background p-6 text-foreground shadow-lg"
        >
          <div className="flex items-start justify-between gap-4">
            <DialogPrimitive.Title className="pt-2 text-2xl leading-tight font-bold">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={closeLabel} className="shrink-0">
                <X aria-hidden="true" focusable="false" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="text-muted-foreground">
            {description}
          </DialogPrimitive.Description>
          <CookieSettings
            {...settingsProps}
            onSave={(preferences) => {
              onSave(preferences);
              setOpen(false);
            }}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
