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

  sleep(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wakeSleeper = null;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.wakeSleeper = finish;
    });
  }
}
