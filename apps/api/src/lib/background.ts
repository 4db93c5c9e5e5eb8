interface TaskLogger {
  error(obj: object, msg: string): void;
}

/**
 * Work that runs after the answer has been sent, so that how long it takes tells the client
 * nothing (e.g. whether an account exists). Failures are logged; close() waits for what is running.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  run(name: string, log: TaskLogger, task: () => Promise<void>): void {
    const promise: Promise<void> = new Promise<void>((resolve) => {
      setImmediate(resolve);
    })
      .then(task)
      .catch((error: unknown) => {
        log.error({ err: error, task: name }, 'Falló una tarea en segundo plano');
      })
      .finally(() => {
        this.running.delete(promise);
      });
    this.running.add(promise);
  }

  /** Resolves once every task started so far, and those they started, has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) {
      await Promise.all(this.running);
    }
  }
}
