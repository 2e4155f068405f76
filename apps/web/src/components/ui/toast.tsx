import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

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
const OutletContext = createContext<(element: HTMLElement) => () => void>(() => () => {});

/**
 * Shows short messages at the bottom of the screen, announced to screen readers.
 * While a modal dialog is open the page behind it is inert and under its
 * backdrop, so the messages show inside the innermost open dialog's
 * `ToastOutlet` instead: above the backdrop, readable and announced.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [outlets, setOutlets] = useState<HTMLElement[]>([]);
  const nextId = useRef(1);

  const outletRegister = useCallback((element: HTMLElement) => {
    setOutlets((current) => [...current, element]);
    return () => setOutlets((current) => current.filter((outlet) => outlet !== element));
  }, []);

  const show = useCallback((message: string, kind: ToastKind = 'info') => {
    const id = nextId.current++;
    // The newest replaces the oldest beyond the limit.
    setToasts((current) => [...current, { id, message, kind }].slice(-TOAST_MAX));
    window.setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), TOAST_MS);
  }, []);

  const value = useMemo(() => show, [show]);
  const region = (
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
  );
  const outlet = outlets.at(-1);
  return (
    <ToastContext.Provider value={value}>
      <OutletContext.Provider value={outletRegister}>
        {children}
        {outlet ? createPortal(region, outlet) : region}
      </OutletContext.Provider>
    </ToastContext.Provider>
  );
}

/** Rendered inside every modal dialog: while it is open, toasts show here (see `ToastProvider`). */
export function ToastOutlet() {
  const register = useContext(OutletContext);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => (ref.current ? register(ref.current) : undefined), [register]);
  return <div ref={ref} className="toast-outlet" />;
}

/** `const toast = useToast(); toast('Pago procesado con éxito.', 'success')`. */
export function useToast() {
  return useContext(ToastContext);
}
