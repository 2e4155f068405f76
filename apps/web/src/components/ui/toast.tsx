import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

/** Ordering §9: toasts last 3000 ms and at most 2 are shown at once. */
export const TOAST_MS = 3000;
export const TOAST_MAX = 2;

export type ToastKind = 'info' | 'success' | 'error';
interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

const ToastContext = createContext<(message: string, kind?: ToastKind) => void>(() => {});

/** Shows short messages at the bottom of the screen, announced to screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const show = useCallback((message: string, kind: ToastKind = 'info') => {
    const id = nextId.current++;
    // The newest replaces the oldest beyond the limit.
    setToasts((current) => [...current, { id, message, kind }].slice(-TOAST_MAX));
    window.setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), TOAST_MS);
  }, []);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" aria-live="polite" aria-atomic="false">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast--${toast.kind}`}
            role={toast.kind === 'error' ? 'alert' : 'status'}
          >
            {toast.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast('Pago procesado con éxito.', 'success')`. */
export function useToast() {
  return useContext(ToastContext);
}
