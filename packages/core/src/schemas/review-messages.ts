/**
 * What the server says when a change to the file is refused: the file was sent and is locked
 * (the review, the uploads), or the review cannot be finished yet. Apart from the review's schemas:
 * the documents screen compares the first to tell a lock from a conflict worth retrying.
 */
export const REVIEW_SERVER_MESSAGES = {
  locked:
    'Tu expediente ya se ha enviado y no se puede modificar. Si necesitas cambiar algún dato, escríbenos y lo reabriremos.',
  invalid: 'Revisa los datos marcados antes de finalizar la revisión.',
} as const;
