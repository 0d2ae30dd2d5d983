/**
 * The sign-out question as a promise: the guard asks, the Alert rendered by the top bar
 * answers. Without a mounted Alert (no top bar) the browser's confirm() asks instead.
 */
import { signOutQuestion } from './texts';

export interface PendingQuestion {
  pending: number;
  /** Rejected changes kept on the device, lost with the sign-out too. */
  rejected: number;
  answer(confirmed: boolean): void;
}

let current: PendingQuestion | null = null;
let hosts = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of [...listeners]) l();
}

export function currentQuestion(): PendingQuestion | null {
  return current;
}

export function subscribeQuestion(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The Alert component registers itself while mounted. */
export function registerQuestionHost(): () => void {
  hosts++;
  return () => {
    hosts--;
  };
}

export function askSignOutWithPending(pending: number, rejected = 0): Promise<boolean> {
  if (hosts === 0) {
    const confirmFn = typeof window === 'undefined' ? undefined : window.confirm;
    return Promise.resolve(confirmFn ? confirmFn(signOutQuestion(pending, rejected)) : false);
  }
  current?.answer(false);
  return new Promise<boolean>((resolve) => {
    const question: PendingQuestion = {
      pending,
      rejected,
      answer(confirmed) {
        if (current === question) current = null;
        resolve(confirmed);
        emit();
      },
    };
    current = question;
    emit();
  });
}
