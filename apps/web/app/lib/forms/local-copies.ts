// Apart from Autosave, for signing out on any page without loading the autosave itself.
/** Every key of a local copy starts so, so that signing out can remove them all. */
export const LOCAL_COPY_PREFIX = 'cambiosSinGuardar:';

/** Removes every local copy of unsaved changes (on sign-out, for shared computers). */
export function forgetLocalCopies(storage: Pick<Storage, 'length' | 'key' | 'removeItem'>): void {
  for (let index = storage.length - 1; index >= 0; index -= 1) {
    const key = storage.key(index);
    if (key?.startsWith(LOCAL_COPY_PREFIX) === true) storage.removeItem(key);
  }
}
