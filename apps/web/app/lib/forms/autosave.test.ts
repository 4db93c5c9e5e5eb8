import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { KeyValueStore } from '../auth/storage';
import {
  Autosave,
  forgetLocalCopies,
  LOCAL_COPY_PREFIX,
  localCopyRevision,
  type AutosaveOptions,
  type SavedCopy,
} from './autosave';

type Form = Readonly<Record<string, string>>;

interface Call {
  readonly value: Form;
  readonly revision: number;
  resolve(answer?: SavedCopy<Form>): void;
  reject(error: unknown): void;
}

/** A server whose answers the test gives, one call at a time. */
function fakeServer() {
  const calls: Call[] = [];
  const save = (value: Form, revision: number) =>
    new Promise<SavedCopy<Form> | undefined>((resolve, reject) => {
      calls.push({ value, revision, resolve, reject });
    });
  return { calls, save };
}

function memoryStore(): KeyValueStore & { readonly entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, value);
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}

const KEY = `${LOCAL_COPY_PREFIX}revision:lead-1`;

function readForm(stored: unknown): Form | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const entries = Object.entries(stored);
  return entries.every(([, value]) => typeof value === 'string')
    ? Object.fromEntries(entries)
    : null;
}

function autosave(
  save: AutosaveOptions<Form>['save'],
  options: Partial<AutosaveOptions<Form>> = {},
): Autosave<Form> {
  return new Autosave<Form>({
    value: {},
    revision: 4,
    save,
    delayMs: 1200,
    savedNoticeMs: 2000,
    ...options,
  });
}

/** Lets the promise callbacks of answered saves run. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('autosave', () => {
  it('waits for a pause in typing and sends only the newest value, counting on from the server’s revision', async () => {
    const server = fakeServer();
    const form = autosave(server.save);
    form.change({ nombre: 'L' });
    await vi.advanceTimersByTimeAsync(1000);
    form.change((current) => ({ ...current, nombre: `${current.nombre ?? ''}ucía` }));
    await vi.advanceTimersByTimeAsync(1199);
    expect(server.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls.map(({ value, revision }) => ({ value, revision }))).toEqual([
      { value: { nombre: 'Lucía' }, revision: 6 },
    ]);
    expect(form.snapshot.state).toBe('saving');
  });

  it('says saved only once the server confirmed, for the notice time or until the next change', async () => {
    const server = fakeServer();
    const form = autosave(server.save);
    form.change({ nombre: 'Lucía' }, { immediate: true });
    expect(form.snapshot.state).toBe('saving');
    server.calls[0]?.resolve();
    await settle();
    expect(form.snapshot).toMatchObject({ state: 'saved', unsaved: false });
    await vi.advanceTimersByTimeAsync(1999);
    expect(form.snapshot.state).toBe('saved');
    await vi.advanceTimersByTimeAsync(1);
    expect(form.snapshot.state).toBe('idle');

    form.change({ nombre: 'Lucía' }, { immediate: true });
    server.calls[1]?.resolve();
    await settle();
    expect(form.snapshot.state).toBe('saved');
    form.change({ nombre: 'Lucía M' });
    expect(form.snapshot).toMatchObject({ state: 'idle', unsaved: true });
  });

  it('sends one save at a time, so an older value never lands after a newer one', async () => {
    const server = fakeServer();
    const form = autosave(server.save);
    form.change({ nombre: 'A' }, { immediate: true });
    form.change({ nombre: 'AB' }, { immediate: true });
    form.change({ nombre: 'ABC' }, { immediate: true });
    expect(server.calls).toHaveLength(1);
    server.calls[0]?.resolve();
    await settle();
    // The two waiting changes go as one: the newest, with the highest revision.
    expect(server.calls.map(({ value, revision }) => [value.nombre, revision])).toEqual([
      ['A', 5],
      ['ABC', 7],
    ]);
    expect(form.snapshot.state).toBe('saving');
    server.calls[1]?.resolve();
    await settle();
    expect(form.snapshot.state).toBe('saved');
    expect(server.calls).toHaveLength(2);
  });

  it('does not send the newest change early when a save finishes during the pause in typing', async () => {
    const server = fakeServer();
    const form = autosave(server.save);
    form.change({ nombre: 'A' }, { immediate: true });
    form.change({ nombre: 'AB' });
    server.calls[0]?.resolve();
    await settle();
    expect(server.calls).toHaveLength(1);
    expect(form.snapshot).toMatchObject({ state: 'idle', unsaved: true });
    await vi.advanceTimersByTimeAsync(1200);
    expect(server.calls[1]).toMatchObject({ value: { nombre: 'AB' }, revision: 6 });
  });

  it('shows a failure until a save goes through, and retries the same revision when nothing changed', async () => {
    const server = fakeServer();
    const form = autosave(server.save);
    form.change({ nombre: 'Lucía' }, { immediate: true });
    const refused = new Error('Sin conexión');
    server.calls[0]?.reject(refused);
    await settle();
    expect(form.snapshot).toMatchObject({ state: 'failed', error: refused, unsaved: true });
    // Nothing is sent by itself after a failure...
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.calls).toHaveLength(1);

    // ...until the person asks.
    const retried = form.retry();
    expect(server.calls[1]).toMatchObject({ value: { nombre: 'Lucía' }, revision: 5 });
    expect(form.snapshot.state).toBe('saving');
    server.calls[1]?.resolve();
    await expect(retried).resolves.toBe(true);
    expect(form.snapshot).toMatchObject({ state: 'saved', error: null, unsaved: false });
  });

  it('keeps the failure shown while typing on, and tries again after the next pause', async () => {
    const server = fakeServer();
    const form = autosave(server.save);
    form.change({ nombre: 'Lucía' }, { immediate: true });
    server.calls[0]?.reject(new Error('500'));
    await settle();
    form.change({ nombre: 'Lucía M' });
    expect(form.snapshot.state).toBe('failed');
    await vi.advanceTimersByTimeAsync(1200);
    expect(server.calls[1]).toMatchObject({ value: { nombre: 'Lucía M' }, revision: 6 });
    server.calls[1]?.resolve();
    await settle();
    expect(form.snapshot.state).toBe('saved');
  });

  it('flush resolves false when the save fails and true once the server has everything', async () => {
    const server = fakeServer();
    const form = autosave(server.save);
    await expect(form.flush()).resolves.toBe(true);
    expect(server.calls).toHaveLength(0);
    // Nothing was sent, so nothing is announced.
    expect(form.snapshot.state).toBe('idle');

    form.change({ email: 'lucia@correo.es' });
    const first = form.flush();
    server.calls[0]?.reject(new Error('503'));
    await expect(first).resolves.toBe(false);
    const second = form.flush();
    server.calls[1]?.resolve();
    await expect(second).resolves.toBe(true);
  });

  it('before signing out, sends what is pending and says whether anything would be lost', async () => {
    const server = fakeServer();
    const form = autosave(server.save);
    // Nothing typed: nothing to send, nothing lost.
    await expect(form.saveBeforeLeaving()).resolves.toBe(true);
    expect(server.calls).toHaveLength(0);

    // Typed less than a pause ago: it goes now, without waiting for the pause.
    form.change({ nombre: 'Lucía' });
    const leaving = form.saveBeforeLeaving();
    expect(server.calls).toHaveLength(1);
    server.calls[0]?.reject(new Error('sin conexión'));
    await expect(leaving).resolves.toBe(false);
    expect(form.snapshot.unsaved).toBe(true);

    const again = form.saveBeforeLeaving();
    server.calls[1]?.resolve();
    await expect(again).resolves.toBe(true);

    // A stopped form (a sent file) has nothing that could still be saved.
    form.change({ nombre: 'Lucía M' });
    form.stop();
    await expect(form.saveBeforeLeaving()).resolves.toBe(true);
    expect(server.calls).toHaveLength(2);
  });

  it('with a server that keeps only when it saved, counts on from that time', async () => {
    const store = memoryStore();
    const server = fakeServer();
    const drafted = Date.parse('2026-11-26T09:59:00.000Z');
    const form = autosave(server.save, {
      revision: drafted,
      serverStampsRevision: true,
      localCopy: { store, key: KEY, read: readForm },
    });
    form.change({ nombre: 'Lucía' }, { immediate: true });
    // Typed while that save is on its way: it is newer than what the server is keeping.
    form.change({ nombre: 'Lucía M' });
    const kept = Date.parse('2026-11-26T10:00:00.000Z');
    server.calls[0]?.resolve({ revision: kept, value: { nombre: 'Lucía' } });
    await settle();
    expect(localCopyRevision(store, KEY)).toBe(kept + 1);
    // Its save fails: the copy stays, newer than the server's form, and comes back on reload.
    await vi.advanceTimersByTimeAsync(1200);
    server.calls[1]?.reject(new Error('sin conexión'));
    await settle();
    const reopened = autosave(fakeServer().save, {
      revision: kept,
      serverStampsRevision: true,
      localCopy: { store, key: KEY, read: readForm },
    });
    expect(reopened.snapshot).toMatchObject({ value: { nombre: 'Lucía M' }, restored: true });
    // Another device saved since: the copy is older than what the server now holds.
    const afterAnotherDevice = autosave(fakeServer().save, {
      revision: Date.parse('2026-11-26T10:05:00.000Z'),
      localCopy: { store, key: KEY, read: readForm },
    });
    expect(afterAnotherDevice.snapshot.restored).toBe(false);
  });

  it('with a server that keeps only when it saved, a later time is never taken for a conflict', async () => {
    const server = fakeServer();
    const form = autosave(server.save, { revision: 0, serverStampsRevision: true });
    form.change({ nombre: 'Lucía' }, { immediate: true });
    server.calls[0]?.resolve({ revision: Date.parse('2026-11-26T10:00:00.000Z'), value: {} });
    await settle();
    // Saved once, not sent again as if another device had saved in between.
    expect(server.calls).toHaveLength(1);
    expect(form.snapshot).toMatchObject({
      state: 'saved',
      unsaved: false,
      value: { nombre: 'Lucía' },
    });
  });

  it('serves a flush asked for while the last save is being answered', async () => {
    const server = fakeServer();
    const form = autosave(server.save);
    form.change({ nombre: 'A' }, { immediate: true });
    server.calls[0]?.resolve();
    form.change({ nombre: 'AB' });
    const flushed = form.flush();
    await settle();
    expect(server.calls[1]).toMatchObject({ value: { nombre: 'AB' }, revision: 6 });
    server.calls[1]?.resolve();
    await expect(flushed).resolves.toBe(true);
  });

  it('when another device saved a newer revision, keeps both sides’ changes and saves above it', async () => {
    const server = fakeServer();
    const base = { nombre: 'Lucía', telefono: '600000000' };
    const form = autosave(server.save, {
      value: base,
      merge: (start, mine, theirs) => {
        const merged: Record<string, string> = { ...theirs };
        for (const [key, value] of Object.entries(mine)) {
          if (start[key] !== value) merged[key] = value;
        }
        return merged;
      },
    });
    form.change((current) => ({ ...current, nombre: 'Lucía María' }), { immediate: true });
    server.calls[0]?.resolve({ revision: 9, value: { ...base, telefono: '611111111' } });
    await settle();
    expect(server.calls[1]).toMatchObject({
      value: { nombre: 'Lucía María', telefono: '611111111' },
      revision: 10,
    });
    expect(form.snapshot.value).toEqual({ nombre: 'Lucía María', telefono: '611111111' });
    server.calls[1]?.resolve({ revision: 10, value: form.snapshot.value });
    await settle();
    expect(form.snapshot.state).toBe('saved');
  });

  describe('the copy in this browser', () => {
    it('holds every change until the server confirmed it, then goes', async () => {
      const store = memoryStore();
      const server = fakeServer();
      const form = autosave(server.save, { localCopy: { store, key: KEY, read: readForm } });
      form.change({ nombre: 'Lucía' });
      expect(JSON.parse(store.getItem(KEY) ?? 'null')).toEqual({
        revision: 5,
        value: { nombre: 'Lucía' },
      });
      await vi.advanceTimersByTimeAsync(1200);
      // A newer change while the save is out keeps the copy after the older one is confirmed.
      form.change({ nombre: 'Lucía M' });
      server.calls[0]?.resolve();
      await settle();
      expect(JSON.parse(store.getItem(KEY) ?? 'null')).toMatchObject({ revision: 6 });
      await vi.advanceTimersByTimeAsync(1200);
      server.calls[1]?.resolve();
      await settle();
      expect(store.getItem(KEY)).toBeNull();
    });

    it('is restored and saved on the next load when newer than the server’s revision', async () => {
      const store = memoryStore();
      store.setItem(KEY, JSON.stringify({ revision: 7, value: { nombre: 'Sin guardar' } }));
      const server = fakeServer();
      const form = autosave(server.save, {
        value: { nombre: 'Del servidor' },
        revision: 6,
        localCopy: { store, key: KEY, read: readForm },
      });
      expect(form.snapshot).toMatchObject({
        value: { nombre: 'Sin guardar' },
        restored: true,
        unsaved: true,
      });
      void form.start();
      expect(server.calls[0]).toMatchObject({ value: { nombre: 'Sin guardar' }, revision: 7 });
      server.calls[0]?.resolve();
      await settle();
      expect(store.getItem(KEY)).toBeNull();
      form.change({ nombre: 'Otra vez' }, { immediate: true });
      expect(server.calls[1]?.revision).toBe(8);
    });

    it('is dropped when the server already has that revision or a newer one, or it cannot be read', () => {
      for (const stored of [
        JSON.stringify({ revision: 6, value: { nombre: 'Viejo' } }),
        JSON.stringify({ revision: 9, value: { nombre: 42 } }),
        '{no es json',
      ]) {
        const store = memoryStore();
        store.setItem(KEY, stored);
        const form = autosave(fakeServer().save, {
          value: { nombre: 'Del servidor' },
          revision: 6,
          localCopy: { store, key: KEY, read: readForm },
        });
        expect(form.snapshot).toMatchObject({ value: { nombre: 'Del servidor' }, restored: false });
        expect(store.getItem(KEY)).toBeNull();
      }
    });

    it('tells a screen that does not show the form whether there are changes to restore', () => {
      const store = memoryStore();
      expect(localCopyRevision(store, KEY)).toBeNull();
      const form = autosave(fakeServer().save, { localCopy: { store, key: KEY, read: readForm } });
      form.change({ nombre: 'Lucía' });
      expect(localCopyRevision(store, KEY)).toBe(5);
    });

    it('is forgotten on sign-out, with every other copy, and on stop when asked', () => {
      const store = memoryStore();
      const form = autosave(fakeServer().save, { localCopy: { store, key: KEY, read: readForm } });
      form.change({ nombre: 'Lucía' });
      form.stop({ forgetLocalCopy: true });
      expect(store.getItem(KEY)).toBeNull();
      form.change({ nombre: 'Después' });
      expect(store.getItem(KEY)).toBeNull();

      const storage = new Map([
        [KEY, '{}'],
        [`${LOCAL_COPY_PREFIX}otro`, '{}'],
        ['accessToken', 'x'],
      ]);
      forgetLocalCopies({
        get length() {
          return storage.size;
        },
        key: (index) => [...storage.keys()][index] ?? null,
        removeItem: (key) => {
          storage.delete(key);
        },
      });
      expect([...storage.keys()]).toEqual(['accessToken']);
    });
  });
});
