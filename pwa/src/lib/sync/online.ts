/** Whether the device has a network, as the engine asks it (tests pass a switch of their own). */
export interface OnlineSource {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

/** navigator.onLine and the window's online/offline events. */
export const browserOnline: OnlineSource = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  subscribe(listener) {
    if (typeof window === 'undefined') return () => undefined;
    const on = () => listener(true);
    const off = () => listener(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  },
};
