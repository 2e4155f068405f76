import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  question?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question ('Si continuas, se borrarán los ítems…' / '¿Deseas continuar?'). */
export function ConfirmDialog({
  open,
  title,
  question,
  confirmLabel = 'Continuar',
  cancelLabel = 'Cancelar',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button button--bordered" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className="button" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {question ? <p>{question}</p> : null}
    </Modal>
  );
}
