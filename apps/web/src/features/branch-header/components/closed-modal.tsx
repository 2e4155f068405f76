import { scheduleMessages } from '@comanda/domain/messages';
import { Modal } from '../../../components/ui/modal';

/**
 * The closed-branch modal (ordering §2, §8): 'Local cerrado' when nothing can be
 * ordered, 'Programa tu pedido' when the diner can still order for later.
 */
export function ClosedModal({
  open,
  title,
  canSchedule,
  onClose,
  onSeeHours,
}: {
  open: boolean;
  title: string;
  canSchedule: boolean;
  onClose: () => void;
  onSeeHours: () => void;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--bordered" onClick={onSeeHours}>
            {scheduleMessages.seeHours}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {canSchedule ? 'Ver el menú' : 'Entendido'}
          </button>
        </>
      }
    >
      <p>
        {canSchedule
          ? 'En este momento no tomamos pedidos para ahora, pero puedes programar tu pedido para más tarde.'
          : 'En este momento no tomamos pedidos. Puedes ver el menú y nuestros horarios.'}
      </p>
    </Modal>
  );
}
