import * as React from 'react';

import { cn } from '../../lib/cn';
import { Button } from '../Button';

export interface FloatingActionBarProps extends React.ComponentProps<'section'> {
  /** Whether the bar is shown; it slides in when this turns true. */
  open?: boolean;
  /** The bar's message, which also names its region. */
  message?: React.ReactNode;
  /**
   * The action: one element, usually the app's router link, rendered with the primary button's
   * look (`<Link to="/app/obtener-documentos">Empezar ahora</Link>`).
   */
  children: React.ReactElement;
}

/**
 * A bar fixed to the bottom of the window with a message and one action, for a call to action
 * that must stay in reach while the person reads (the calculator's results). While it is open
 * the page needs bottom padding as tall as the bar (`pb-36` on phones, `sm:pb-24` above), or
 * the end of the content stays under it.
 */
export function FloatingActionBar({
  open = true,
  message = 'Acógete ahora y baja la cuota de tu hipoteca',
  className,
  children,
  ...props
}: FloatingActionBarProps) {
  const messageId = `fab${React.useId().replace(/[^\w-]/g, '')}-message`;
  if (!open) return null;
  return (
    <section
      aria-labelledby={messageId}
      data-slot="floating-action-bar"
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t-4 border-primary bg-surface text-surface-foreground shadow-lg',
        'pb-[env(safe-area-inset-bottom)]',
        // Slides up once when it appears; with reduced motion it simply appears.
        'transition-[translate,opacity] duration-300 ease-out starting:translate-y-full starting:opacity-0',
        'motion-reduce:transition-none',
        className,
      )}
      {...props}
    >
      <div className="mx-auto flex max-w-5xl flex-col items-stretch gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p id={messageId} data-slot="floating-action-bar-message" className="text-lg font-semibold">
          {message}
        </p>
        <Button asChild size="lg" data-slot="floating-action-bar-action" className="shrink-0">
          {children}
        </Button>
      </div>
    </section>
  );
}
