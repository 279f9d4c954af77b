/**
 * One pass at a time over a queue that may grow while it is sent (an outbox replay). A call
 * made while a pass runs does not start a second one beside it: it joins the running one,
 * which then goes round once more, so what was queued meanwhile is sent by the same loop.
 */
export class RerunningFlight {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly pass: () => Promise<void>,
    /** Stops the loop from going round again (the owner was disposed). */
    private readonly stopped: () => boolean,
    /** Called with a pass's failure; without it the failure reaches the caller. */
    private readonly onFailure?: (error: unknown) => void,
  ) {}

  run(): Promise<void> {
    if (this.stopped()) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const loop = async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again && !this.stopped());
      } catch (error) {
        if (!this.onFailure) throw error;
        this.onFailure(error);
      } finally {
        this.running = null;
      }
    };
    this.running = loop();
    return this.running;
  }

  /** The pass in progress, if any. */
  get current(): Promise<void> | null {
    return this.running;
  }
}
