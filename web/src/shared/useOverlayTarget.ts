import { useCallback, useState } from 'react';

export interface OverlayTarget<T> {
  /** What the modal or drawer shows; the last one shown while it closes. */
  target: T;
  open: boolean;
  show(target: T): void;
  close(): void;
}

/**
 * A modal's or drawer's subject and whether it is open. The subject stays while it slides shut, so its title and
 * content do not change under the closing animation.
 */
export function useOverlayTarget<T>(initial: T): OverlayTarget<T> {
  const [target, setTarget] = useState<T>(initial);
  const [open, setOpen] = useState(false);
  const show = useCallback((next: T) => {
    setTarget(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { target, open, show, close };
}
