/**
 * Messages and confirmation dialogs for every page, without antd's App in any page's first load. antd's message
 * and modal need a holder rendered inside the theme; FeedbackHost (a chunk of its own, mounted above the router by
 * SignedInFeedback the first time anything is to be shown) renders it and hands its functions over here. Pages
 * call `useFeedback()`, shaped like antd's `App.useApp()`: a call waits for the host (a few milliseconds, once per
 * visit), and a message shown as a page navigates away is still drawn, because the host lives above the router.
 */
import type { Modal, message } from 'antd';
import { useSyncExternalStore } from 'react';

export type MessageApi = ReturnType<typeof message.useMessage>[0];
export type ModalApi = ReturnType<typeof Modal.useModal>[0];
type MessageContent = Parameters<MessageApi['success']>[0];
type ConfirmConfig = Parameters<ModalApi['confirm']>[0];

interface Host {
  message: MessageApi;
  modal: ModalApi;
}

let current: Host | null = null;
let waiting: ((host: Host) => void)[] = [];
const listeners = new Set<() => void>();

/** FeedbackHost, on mount: its functions serve every call from now on (and the calls that waited). */
export function registerFeedbackHost(host: Host): () => void {
  current = host;
  const queued = waiting;
  waiting = [];
  for (const resolve of queued) resolve(host);
  for (const listener of listeners) listener();
  return () => {
    if (current === host) current = null;
  };
}

/** Set once the first message or dialog is asked for: SignedInFeedback then mounts the host. */
let wanted = false;

function whenHosted(): Promise<Host> {
  if (current !== null) return Promise.resolve(current);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

/** Whether the host is wanted yet: SignedInFeedback mounts it from then on. */
export function useFeedbackWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

const show =
  (kind: 'success' | 'error' | 'info' | 'warning') =>
  (content: MessageContent): Promise<void> =>
    whenHosted().then(async (host) => {
      await host.message[kind](content);
    });

/** The app's messages and confirmations, as antd's `App.useApp()` offers them. */
const FEEDBACK = {
  message: { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') },
  modal: {
    confirm: (config: ConfirmConfig): Promise<void> =>
      whenHosted().then((host) => {
        host.modal.confirm(config);
      }),
    /** A notice with an OK button only (antd's modal.warning). */
    warning: (config: ConfirmConfig): Promise<void> =>
      whenHosted().then((host) => {
        host.modal.warning(config);
      }),
  },
} as const;

export type Feedback = typeof FEEDBACK;

export function useFeedback(): Feedback {
  return FEEDBACK;
}
