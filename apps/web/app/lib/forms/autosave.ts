import type { KeyValueStore } from '../auth/storage';

export { forgetLocalCopies, LOCAL_COPY_PREFIX } from './local-copies';

/**
 * What the person is told: 'saving' while a save is on its way, 'saved' once the server has
 * confirmed the newest change (until the notice time passes or the next change), 'failed' when a
 * save did not go through (until one does), 'idle' otherwise.
 */
export type AutosaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** What the server kept, when its answer says so: its revision and the value it holds. */
export interface SavedCopy<Value> {
  readonly revision: number;
  readonly value: Value;
}

export interface LocalCopyOptions<Value> {
  readonly store: KeyValueStore;
  /** One key per case, e.g. `${LOCAL_COPY_PREFIX}revision:${leadId}`. */
  readonly key: string;
  /** Reads a stored value back; null when it is not one (an older shape, a tampered copy). */
  readonly read: (stored: unknown) => Value | null;
}

export interface AutosaveOptions<Value> {
  /** The value as the server holds it now. */
  readonly value: Value;
  /** The server's revision of that value; each change counts on from it. */
  readonly revision: number;
  /**
   * Sends one save. It resolves once the server kept it (with the server's copy when the answer
   * carries one) and rejects when it did not.
   */
  readonly save: (value: Value, revision: number) => Promise<SavedCopy<Value> | undefined>;
  /** How long typing may pause before a save goes out. */
  readonly delayMs: number;
  /** How long 'saved' is shown after a confirmation. */
  readonly savedNoticeMs: number;
  /** Keeps unsaved changes in this browser until the server has them. */
  readonly localCopy?: LocalCopyOptions<Value> | null;
  /**
   * When the server answers with a newer revision than the one sent (another device saved in
   * between), the value to save instead: by default this device's value wins.
   */
  readonly merge?: (base: Value, mine: Value, theirs: Value) => Value;
  /**
   * For a form whose server keeps no revision, only when it last kept it: each save's answer
   * carries that time (ms) as its revision, and is never taken for another device's save. The
   * changes still unsaved then count on from it, so a local copy is newer than the server's form
   * exactly when no device saved since this one last did.
   */
  readonly serverStampsRevision?: boolean;
}

export interface AutosaveSnapshot<Value> {
  readonly value: Value;
  readonly state: AutosaveState;
  /** Why the last save failed, while `state` is 'failed'. */
  readonly error: unknown;
  /** True when the value came from this browser's copy of changes the server did not have. */
  readonly restored: boolean;
  /** True while some change has not been confirmed by the server. */
  readonly unsaved: boolean;
}

interface StoredCopy {
  readonly revision: number;
  readonly value: unknown;
}

function readStoredCopy(store: KeyValueStore, key: string): StoredCopy | null {
  try {
    const text = store.getItem(key);
    if (text === null) return null;
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { revision, value } = parsed as Record<string, unknown>;
    return typeof revision === 'number' && Number.isSafeInteger(revision) && revision > 0
      ? { revision, value }
      : null;
  } catch {
    return null;
  }
}

/** The revision of the changes kept in this browser under `key`, or null when there are none. */
export function localCopyRevision(store: KeyValueStore, key: string): number | null {
  return readStoredCopy(store, key)?.revision ?? null;
}

/**
 * Keeps a form on the server while it is filled in. A change waits `delayMs` for the next one;
 * then the newest value goes out with a revision higher than any sent before, one save at a
 * time, so an older value never lands after a newer one. A failed save is kept for `retry()`, the
 * next change or `flush()`; a copy of what the server has not confirmed stays in the browser
 * (`localCopy`) and is restored on the next load when it is newer than the server's.
 * No React in here: `useAutosave` wraps it.
 */
export class Autosave<Value> {
  private readonly options: AutosaveOptions<Value>;
  private current: AutosaveSnapshot<Value>;
  private readonly listeners = new Set<() => void>();
  /** The revision of the newest change. */
  private revision: number;
  /** The newest revision the server confirmed. */
  private confirmed: number;
  /** The newest revision asked to go out now (by the timer, a flush or a retry). */
  private due: number;
  /** The value the server is known to hold, for `merge`. */
  private base: Value;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private noticeTimer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<boolean> | null = null;
  private stopped = false;

  constructor(options: AutosaveOptions<Value>) {
    this.options = options;
    this.revision = options.revision;
    this.confirmed = options.revision;
    this.due = options.revision;
    this.base = options.value;
    let value = options.value;
    let restored = false;
    const local = options.localCopy;
    if (local) {
      const copy = readStoredCopy(local.store, local.key);
      const copied = copy === null ? null : local.read(copy.value);
      if (copy !== null && copied !== null && copy.revision > options.revision) {
        value = copied;
        restored = true;
        this.revision = copy.revision;
        // Saved as soon as `start()` runs.
        this.due = copy.revision;
      } else {
        // Older than the server's, or unreadable: of no use any more.
        this.removeLocalCopy();
      }
    }
    this.current = { value, state: 'idle', error: null, restored, unsaved: restored };
  }

  get snapshot(): AutosaveSnapshot<Value> {
    return this.current;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Sends what is due from the start: a restored local copy. */
  start(): Promise<boolean> {
    return this.due > this.confirmed ? this.pump() : Promise.resolve(true);
  }

  /**
   * A new value: kept in the local copy at once and saved after `delayMs` without another
   * change, or at once with `immediate` (a step change, which another device resumes at).
   */
  change(update: Value | ((current: Value) => Value), options: { immediate?: boolean } = {}) {
    if (this.stopped) return;
    const value =
      typeof update === 'function'
        ? (update as (current: Value) => Value)(this.current.value)
        : update;
    this.revision += 1;
    this.writeLocalCopy(value);
    this.clearNotice();
    this.publish({
      value,
      unsaved: true,
      state: this.current.state === 'saved' ? 'idle' : this.current.state,
    });
    this.clearTimer();
    if (options.immediate === true) {
      void this.flush();
    } else {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.options.delayMs);
    }
  }

  /** Sends the newest value now if the server does not have it; true once it has. */
  flush(): Promise<boolean> {
    this.clearTimer();
    if (this.stopped) return Promise.resolve(false);
    this.due = this.revision;
    return this.pump();
  }

  /**
   * Before the session ends: sends what the server does not have yet. True when nothing that
   * could still be saved is left behind (a stopped form's changes can no longer be saved).
   */
  saveBeforeLeaving(): Promise<boolean> {
    if (this.stopped || !this.current.unsaved) return Promise.resolve(true);
    return this.flush();
  }

  /** After a failure: the same as `flush`, the newest value with its revision. */
  retry(): Promise<boolean> {
    return this.flush();
  }

  /** No more saves (the file was locked, the page is leaving for good); timers cleared. */
  stop(options: { forgetLocalCopy?: boolean } = {}): void {
    this.stopped = true;
    this.clearTimer();
    this.clearNotice();
    if (options.forgetLocalCopy === true) this.removeLocalCopy();
  }

  private pump(): Promise<boolean> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    // A flush that came while the last save was finishing is served by another round.
    return this.running.then((ok) =>
      ok && !this.stopped && this.due > this.confirmed ? this.pump() : ok,
    );
  }

  private async run(): Promise<boolean> {
    let sent = false;
    while (!this.stopped && this.due > this.confirmed) {
      sent = true;
      const revision = this.revision;
      const value = this.current.value;
      this.publish({ state: 'saving' });
      let answer: SavedCopy<Value> | undefined;
      try {
        answer = await this.options.save(value, revision);
      } catch (error) {
        this.publish({ state: 'failed', error });
        return false;
      }
      if (this.options.serverStampsRevision === true && answer !== undefined) {
        this.rebase(revision, answer.revision, value);
        continue;
      }
      if (answer !== undefined && answer.revision > revision) {
        // Another device saved a newer revision: this one was not kept. Count on from the
        // server's and send again what this device changed.
        const theirs = answer.value;
        const mine = this.current.value;
        const merged = this.options.merge ? this.options.merge(this.base, mine, theirs) : mine;
        this.base = theirs;
        this.confirmed = answer.revision;
        this.revision = Math.max(this.revision, answer.revision) + 1;
        this.due = this.revision;
        this.writeLocalCopy(merged);
        this.publish({ value: merged });
        continue;
      }
      this.confirmed = Math.max(this.confirmed, revision);
      this.base = value;
      if (this.revision === revision) this.removeLocalCopy();
    }
    if (this.stopped) return false;
    // Nothing went out: what was said before still holds.
    if (!sent) return true;
    const unsaved = this.revision > this.confirmed;
    this.publish({ state: unsaved ? 'idle' : 'saved', error: null, unsaved });
    if (!unsaved) {
      this.clearNotice();
      this.noticeTimer = setTimeout(() => {
        this.noticeTimer = null;
        if (this.current.state === 'saved') this.publish({ state: 'idle' });
      }, this.options.savedNoticeMs);
    }
    return true;
  }

  /** The save of `sent` was kept at `stamp`: what changed since counts on from that time. */
  private rebase(sent: number, stamp: number, value: Value): void {
    const pending = this.revision - sent;
    const due = this.due - sent;
    this.base = value;
    this.confirmed = Math.max(stamp, sent);
    this.revision = this.confirmed + pending;
    this.due = this.confirmed + Math.max(due, 0);
    if (pending === 0) this.removeLocalCopy();
    else this.writeLocalCopy(this.current.value);
  }

  private publish(change: Partial<AutosaveSnapshot<Value>>): void {
    this.current = { ...this.current, ...change };
    for (const listener of this.listeners) listener();
  }

  private writeLocalCopy(value: Value): void {
    const local = this.options.localCopy;
    if (!local) return;
    try {
      local.store.setItem(local.key, JSON.stringify({ revision: this.revision, value }));
    } catch {
      // A full or blocked storage: the value is still on the page and on its way to the server.
    }
  }

  private removeLocalCopy(): void {
    const local = this.options.localCopy;
    if (!local) return;
    try {
      local.store.removeItem(local.key);
    } catch {
      // Nothing to do: a copy that stays is older than the server's and is dropped on load.
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private clearNotice(): void {
    if (this.noticeTimer !== null) clearTimeout(this.noticeTimer);
    this.noticeTimer = null;
  }
}
