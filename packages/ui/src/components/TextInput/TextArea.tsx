import type * as React from 'react';

import { cn } from '../../lib/cn';
import { useFieldControl } from '../Field';
import { inputVariants } from './TextInput';

export type TextAreaProps = React.ComponentProps<'textarea'>;

/** Several lines of text (a note, a reason). Inside a Field it takes the field's id and state. */
export function TextArea({ className, rows = 4, ...props }: TextAreaProps) {
  const controlProps = useFieldControl(props);
  return (
    <textarea
      data-slot="text-area"
      rows={rows}
      className={cn(inputVariants({ lines: 'multiple' }), className)}
      {...controlProps}
    />
  );
}
