import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ToastOutlet } from './toast';

/** Ordering §9: the closing animation runs for 190 ms before the close callback. */
export const MODAL_CLOSE_MS = 190;

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  /** Hide the title visually (still read by screen readers). */
  hideTitle?: boolean;
  size?: 'small' | 'large';
}

/**
 * A modal on the native <dialog>: focus is trapped and restored by the browser,
 * Escape closes it, and the page behind is inert. Closing plays the 190 ms
 * animation first, then calls `onClose`.
 */
export function Modal({ open, title, onClose, children, footer, hideTitle, size = 'small' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setClosing(false);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const requestClose = useCallback(() => {
    if (closing) return;
    setClosing(true);
    window.setTimeout(() => {
      ref.current?.close();
      setClosing(false);
      onClose();
    }, MODAL_CLOSE_MS);
  }, [closing, onClose]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}${closing ? ' modal--closing' : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === event.currentTarget) requestClose();
      }}
      onKeyDown={() => {}}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Cerrar" onClick={requestClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {footer ? <footer className="modal__footer">{footer}</footer> : null}
      </div>
      <ToastOutlet />
    </dialog>
  );
}
