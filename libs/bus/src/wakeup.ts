/**
 * An interruptible sleep for one loop: `sleep(ms)` ends after ms or at the next `wake()`. A wake-up that
 * arrives while the loop is busy is remembered, so the next sleep returns at once and no signal is lost.
 */
export class Wakeup {
  private pending = false;
  private wakeSleeper: (() => void) | null = null;

  wake(): void {
    if (this.wakeSleeper) this.wakeSleeper();
    else this.pending = true;
  }

  /** Resolves true when a wake-up ended the sleep (now or while the loop was busy), false when ms passed. */
  sleep(ms: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const finish = (woken: boolean) => {
        clearTimeout(timer);
        this.wakeSleeper = null;
        resolve(woken);
      };
      const timer = setTimeout(() => finish(false), ms);
      this.wakeSleeper = () => finish(true);
    });
  }
}
