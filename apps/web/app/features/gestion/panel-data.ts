import { failureMessage } from './strings';

/** What one part of a page loaded: its data, or the failure in Spanish to show in its place. */
export type PanelData<T> =
  { readonly ok: true; readonly data: T } | { readonly ok: false; readonly message: string };

/**
 * One part of a page whose failure leaves the rest standing: the failure is kept to show where
 * the part goes. A redirect (the session is over) still leaves the page.
 */
export async function settled<T>(load: Promise<T>): Promise<PanelData<T>> {
  try {
    return { ok: true, data: await load };
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error('Error cargando datos de gestión', error);
    return { ok: false, message: failureMessage(error) };
  }
}
