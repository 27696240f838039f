/**
 * Background work on a timer (the sweep, PGlite's upkeep): `task` every `intervalMs`, one run at a
 * time (a run still going when the next is due makes that one skip, rather than two runs at once
 * or a queue of them), on a timer that does not keep the process alive. `stop` clears the timer
 * and waits for a run in progress. The task reports its own failures; one that throws anyway is
 * dropped, and the next run goes ahead.
 */
export const runEvery = (intervalMs: number, task: () => Promise<void>): { stop(): Promise<void> } => {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running !== undefined) return;
    running = task()
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
