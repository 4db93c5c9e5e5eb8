import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import pg from 'pg';

/**
 * The first half of the two-number advisory keys of uploads. PostgreSQL keeps two-number keys
 * apart from the one-number keys the rest of the server locks (migrations, `hashtext(...)`).
 */
export const UPLOAD_LOCK_CLASS = 471_001;
/** Finishing an upload (checking and storing it) has a lock of its own: HEAD must not wait for it. */
export const UPLOAD_FINISH_LOCK_CLASS = 471_002;
/** Where an instance asks the others to let go of an upload (LISTEN/NOTIFY). */
export const RELEASE_CHANNEL = 'cbp_upload_lock_release';
/** How the lock connection shows in pg_stat_activity. */
export const LOCKS_APPLICATION_NAME = 'cbp-upload-locks';

/** tus's own wait (MemoryLocker's default). */
const REQUEST_WAIT_MS = 30_000;
/** A finish is waited for as long as a request may last (REQUEST_TIMEOUT_SECONDS' default). */
const FINISH_WAIT_MS = 60_000;
const POLL_FIRST_MS = 10;
const POLL_MAX_MS = 200;
/** How often a waiter on another instance's lock asks it again to let go. */
const ASK_AGAIN_MS = 1000;

interface LockKey {
  classId: number;
  id: string;
}

const nameOf = (key: LockKey) => `${String(key.classId)}:${key.id}`;

interface Holder {
  /** Trying: the lock is being asked of PostgreSQL; nobody may be cancelled for it yet. */
  state: 'trying' | 'held';
  requestRelease: RequestRelease;
  /** The connection whose session holds the advisory lock; undefined once it was lost. */
  session: pg.Client | undefined;
  /** Resolves when PostgreSQL has answered (held or not). */
  settled: Promise<void>;
  settle: () => void;
  /** Resolves when this holder leaves the map. */
  gone: Promise<void>;
  leave: () => void;
}

export interface UploadLocksOptions {
  /** PostgreSQL's address; undefined on PGlite, where one process is the only one. */
  databaseUrl: string | undefined;
  onConnectionError?: (error: Error) => void;
  requestWaitMs?: number;
}

/**
 * The locks of uploads (decision 0755). Within one process a map serialises requests; with
 * PostgreSQL each lock is also a session-level advisory lock taken on one connection that the
 * instance keeps for its locks, so a killed instance's locks go with its connection. A waiter
 * asks the holder to let go (tus cancels a stale PATCH that way): directly in this process,
 * by NOTIFY on another instance.
 */
export class UploadLocks {
  private readonly holders = new Map<string, Holder>();
  private readonly requestWaitMs: number;
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private closed = false;

  constructor(private readonly options: UploadLocksOptions) {
    this.requestWaitMs = options.requestWaitMs ?? REQUEST_WAIT_MS;
  }

  /** tus's locker: one lock per upload, for every request that reads or writes it. */
  readonly tus: Locker = {
    newLock: (id) => this.newLock({ classId: UPLOAD_LOCK_CLASS, id }, this.requestWaitMs),
  };

  /** The lock of finishing one upload: checked and stored once, whichever instance got it. */
  finishing(id: string): Lock {
    return this.newLock({ classId: UPLOAD_FINISH_LOCK_CLASS, id }, FINISH_WAIT_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private newLock(key: LockKey, waitMs: number): Lock {
    return {
      lock: (stopSignal, requestRelease) => this.acquire(key, stopSignal, requestRelease, waitMs),
      unlock: () => this.release(key),
    };
  }

  private async acquire(
    key: LockKey,
    stopSignal: AbortSignal,
    requestRelease: RequestRelease,
    waitMs: number,
  ): Promise<void> {
    const name = nameOf(key);
    const deadline = Date.now() + waitMs;
    let pause = POLL_FIRST_MS;
    let askedAt = 0;
    for (;;) {
      if (stopSignal.aborted || Date.now() >= deadline) throw new LockTimeout();
      const current = this.holders.get(name);
      if (current !== undefined) {
        if (current.state === 'trying') {
          await waitUntil(current.settled, deadline, stopSignal);
          continue;
        }
        await current.requestRelease();
        await waitUntil(current.gone, deadline, stopSignal);
        continue;
      }
      const holder = newHolder(requestRelease);
      this.holders.set(name, holder);
      let taken: pg.Client | false | undefined;
      try {
        taken = await this.tryAdvisory(key);
      } catch (error) {
        this.drop(name, holder);
        throw error;
      }
      if (taken !== false) {
        holder.state = 'held';
        holder.session = taken;
        holder.settle();
        return;
      }
      this.drop(name, holder);
      // Held by another instance: ask it to let go, then look again a little later.
      if (Date.now() - askedAt >= ASK_AGAIN_MS) {
        askedAt = Date.now();
        await this.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, name]);
      }
      await waitUntil(delay(pause), deadline, stopSignal);
      pause = Math.min(pause * 2, POLL_MAX_MS);
    }
  }

  private async release(key: LockKey): Promise<void> {
    const name = nameOf(key);
    const holder = this.holders.get(name);
    if (holder?.state !== 'held') throw new Error('Releasing an unlocked lock!');
    try {
      // A lock whose connection was lost went with it; the new connection never held it.
      if (holder.session !== undefined && holder.session === this.client) {
        await holder.session.query('select pg_advisory_unlock($1::int4, hashtext($2))', [
          key.classId,
          key.id,
        ]);
      }
    } catch (error) {
      // A lock that cannot be released must not stay held: ending the session frees it.
      this.options.onConnectionError?.(error instanceof Error ? error : new Error(String(error)));
      await holder.session?.end().catch(noop);
    } finally {
      this.drop(name, holder);
    }
  }

  private drop(name: string, holder: Holder): void {
    if (this.holders.get(name) === holder) this.holders.delete(name);
    holder.settle();
    holder.leave();
  }

  /** The connection that holds the lock, undefined on PGlite, or false when someone else has it. */
  private async tryAdvisory(key: LockKey): Promise<pg.Client | false | undefined> {
    if (this.options.databaseUrl === undefined) return undefined;
    const client = await this.connection();
    const result = await client.query<{ taken: boolean }>(
      'select pg_try_advisory_lock($1::int4, hashtext($2)) as taken',
      [key.classId, key.id],
    );
    return result.rows[0]?.taken === true ? client : false;
  }

  private async query(text: string, values: unknown[]): Promise<void> {
    if (this.options.databaseUrl === undefined) return;
    await (await this.connection()).query(text, values);
  }

  private connection(): Promise<pg.Client> {
    if (this.client !== undefined) return Promise.resolve(this.client);
    if (this.closed) return Promise.reject(new Error('Upload locks closed'));
    this.connecting ??= this.connect(this.options.databaseUrl ?? '').finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(connectionString: string): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString,
      application_name: LOCKS_APPLICATION_NAME,
      connectionTimeoutMillis: 5000,
    });
    client.on('error', (error) => {
      this.options.onConnectionError?.(error);
      this.lost(client);
    });
    client.on('end', () => {
      this.lost(client);
    });
    client.on('notification', (message) => {
      if (message.channel !== RELEASE_CHANNEL || message.payload === undefined) return;
      const holder = this.holders.get(message.payload);
      if (holder?.state === 'held')
        void Promise.resolve(holder.requestRelease()).catch(() => undefined);
    });
    try {
      await client.connect();
      await client.query(`listen ${RELEASE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('Upload locks closed');
    }
    this.client = client;
    return client;
  }

  /** The connection is gone and every advisory lock of its session with it. */
  private lost(client: pg.Client): void {
    if (this.client === client) this.client = undefined;
    for (const holder of this.holders.values()) {
      if (holder.session !== client) continue;
      holder.session = undefined;
      // Another instance may take it now: the request holding it here stops.
      void Promise.resolve(holder.requestRelease()).catch(() => undefined);
    }
  }
}

/** tus's own answer to a lock not obtained in time (its 500, which the routes answer as 423). */
class LockTimeout extends Error {
  readonly status_code = ERRORS.ERR_LOCK_TIMEOUT.status_code;
  readonly body = ERRORS.ERR_LOCK_TIMEOUT.body;
  constructor() {
    super(ERRORS.ERR_LOCK_TIMEOUT.body);
  }
}

const noop = () => undefined;

function newHolder(requestRelease: RequestRelease): Holder {
  let settle: () => void = noop;
  let leave: () => void = noop;
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const gone = new Promise<void>((resolve) => {
    leave = resolve;
  });
  return { state: 'trying', requestRelease, session: undefined, settled, settle, gone, leave };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits for `event`, but never past the deadline nor after the request was stopped. */
async function waitUntil(
  event: Promise<void>,
  deadline: number,
  stopSignal: AbortSignal,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const bounded = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
    onAbort = resolve;
    stopSignal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([event, bounded]);
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) stopSignal.removeEventListener('abort', onAbort);
  }
}
