import { Button, ModalDialog } from '@cbp/ui';
import * as React from 'react';

import type { LeaveQuestionProps } from './leave-question';
import { MAIN_ID } from './main-id';
import { focusHeading } from './route-focus';

/**
 * The question itself (see `LeaveQuestion`). It is opened by the menu, already closed when it
 * shows: staying (or closing it) puts the focus back on the page's heading; leaving lets the next
 * page place it.
 */
export function LeaveQuestionDialog({ open, text, onStay, onLeave }: LeaveQuestionProps) {
  const leaving = React.useRef(false);
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay();
      }}
      size="sm"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        if (!leaving.current) focusHeading(document.getElementById(MAIN_ID));
      }}
      title={text.title}
      description={text.text}
      footer={
        <>
          {/* Last in the footer: on top on a phone, on the right on a wide screen. */}
          <Button
            variant="destructive"
            onClick={() => {
              leaving.current = true;
              onLeave();
            }}
          >
            {text.leave}
          </Button>
          <Button onClick={onStay}>{text.stay}</Button>
        </>
      }
    />
  );
}
