import * as React from 'react';

import { useFirstUse } from './first-use';
import { onDemandPart } from './on-demand-part';

export interface LeaveQuestionText {
  readonly title: string;
  readonly text: string;
  /** The safe answer, primary: stay with what is on screen. */
  readonly stay: string;
  /** Leaving anyway, which loses something: destructive. */
  readonly leave: string;
}

export interface LeaveQuestionProps {
  open: boolean;
  text: LeaveQuestionText;
  onStay: () => void;
  onLeave: () => void;
}

const question = onDemandPart<LeaveQuestionProps>({
  load: () => import('./leave-question-dialog').then((module) => module.LeaveQuestionDialog),
  loading: 'Cargando la pregunta...',
  unreachable:
    'No hemos podido mostrar la pregunta. Comprueba tu conexión y pulsa «Intentar de nuevo».',
});

/**
 * Asked before leaving would lose something (unsaved changes, a file on its way). Few visits
 * ever see it, so its window is downloaded on the person's first tap or key, while they work:
 * it is there by the time a sign-out fails to save or a link is followed during an upload.
 */
export function LeaveQuestion(props: LeaveQuestionProps) {
  useFirstUse(() => {
    question.preload().catch(() => undefined);
  });
  // Once asked it stays mounted, closed: closing is what puts the focus back on the page.
  const [asked, setAsked] = React.useState(props.open);
  if (props.open && !asked) setAsked(true);
  return asked ? <question.Part {...props} /> : null;
}
