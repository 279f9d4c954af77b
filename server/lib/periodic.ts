/** A job run on a timer by the server process (main.ts). */
export interface Periodic {
  /** Ends the timer and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `everyMs` (and once at once with `runNow`), never two runs at once: a run
 * still going when the next tick comes makes that tick a no-op. A failure goes to `onError`
 * and the next tick runs again. The timer alone never keeps the process alive.
 */
export function runPeriodically(
  task: () => Promise<void>,
  everyMs: number,
  options: { runNow?: boolean; onError: (error: unknown) => void },
): Periodic {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = task()
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  };
  if (options.runNow) tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
