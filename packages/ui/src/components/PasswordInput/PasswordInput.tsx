import EyeDrawing from 'lucide/dist/esm/icons/eye.mjs';
import EyeOffDrawing from 'lucide/dist/esm/icons/eye-off.mjs';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { Button } from '../Button';
import { icon } from '../../lib/icon';
import { useFieldControl } from '../Field';
import { inputVariants } from '../TextInput';

const Eye = icon(EyeDrawing);
const EyeOff = icon(EyeOffDrawing);

function inputIn(group: HTMLElement | null): HTMLInputElement | null {
  return group?.querySelector('input') ?? null;
}

export interface PasswordInputProps extends Omit<React.ComponentProps<'input'>, 'type'> {
  /** The toggle's text while the password is hidden. */
  showLabel?: string;
  /** The toggle's text while the password is shown. */
  hideLabel?: string;
  /** Announced politely when the password is shown. */
  shownMessage?: string;
  /** Announced politely when the password is hidden again. */
  hiddenMessage?: string;
}

/**
 * A password box with a button that shows or hides what was typed. Toggling keeps the value,
 * the caret and (with a pointer) the focus in the box, and is announced through a status
 * region. The password is hidden again when its form is submitted, so the browser never
 * stores the page with it in plain text.
 */
export function PasswordInput({
  showLabel = 'Mostrar contraseña',
  hideLabel = 'Ocultar contraseña',
  shownMessage = 'La contraseña se muestra.',
  hiddenMessage = 'La contraseña está oculta.',
  autoComplete = 'current-password',
  className,
  ...props
}: PasswordInputProps) {
  const controlProps = useFieldControl(props);
  const generatedId = `password${React.useId().replace(/[^\w-]/g, '')}`;
  const inputId = controlProps.id ?? generatedId;
  const [shown, setShown] = React.useState(false);
  const [announcement, setAnnouncement] = React.useState('');
  const groupRef = React.useRef<HTMLDivElement>(null);

  React.useEffect(() => {
    const form = inputIn(groupRef.current)?.form;
    if (!form) return;
    const hide = () => {
      setShown(false);
    };
    form.addEventListener('submit', hide);
    return () => {
      form.removeEventListener('submit', hide);
    };
  }, []);

  const face = 'col-start-1 row-start-1 inline-flex items-center justify-center gap-2';
  const toggle = () => {
    setShown(!shown);
    setAnnouncement(shown ? hiddenMessage : shownMessage);
  };

  return (
    <div
      ref={groupRef}
      data-slot="password-input-group"
      data-state={shown ? 'shown' : 'hidden'}
      className={cn(
        'flex w-full flex-col items-start gap-2 sm:flex-row sm:items-stretch',
        className,
      )}
    >
      <input
        data-slot="password-input"
        autoComplete={autoComplete}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...controlProps}
        id={inputId}
        type={shown ? 'text' : 'password'}
        className={cn(inputVariants(), 'flex-1')}
      />
      <Button
        data-slot="password-input-toggle"
        variant="outline"
        aria-controls={inputId}
        disabled={controlProps.disabled}
        className="shrink-0"
        onMouseDown={(event) => {
          // Keeps the focus (and the caret) in the box for someone typing who clicks the toggle.
          if (document.activeElement === inputIn(groupRef.current)) event.preventDefault();
        }}
        onClick={toggle}
      >
        {/* Both texts share one grid cell, so the button, and the box beside it, keep their
            width when the text changes; the invisible one is not part of the name. */}
        <span className="inline-grid">
          <span className={cn(face, shown && 'invisible')}>
            <Eye aria-hidden="true" />
            {showLabel}
          </span>
          <span className={cn(face, !shown && 'invisible')}>
            <EyeOff aria-hidden="true" />
            {hideLabel}
          </span>
        </span>
      </Button>
      <span role="status" data-slot="password-input-status" className="sr-only">
        {announcement}
      </span>
    </div>
  );
}
