import { Alert } from '@cbp/ui';

/** What the last send said: a failure, or what it did; nothing before the first send. */
export function FormOutcome({ done, failure }: { done: string | null; failure: string | null }) {
  const text = failure ?? done;
  if (text === null) return null;
  return (
    <Alert variant={failure === null ? 'success' : 'error'}>
      <p>{text}</p>
    </Alert>
  );
}
