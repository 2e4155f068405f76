import { Modal } from '../../../components/ui/modal';
import { PlateDetail, type PlateDetailProps } from './plate-detail';

/** The plate detail in a modal (the branch's `plateDetailInModal`, the cart's edit and upsell). */
export function PlateDetailModal({
  onClose,
  ...props
}: Omit<PlateDetailProps, 'layout'> & { onClose: () => void }) {
  return (
    <Modal open title={props.plate.showName} onClose={onClose} size="large">
      <PlateDetail {...props} layout="modal" />
    </Modal>
  );
}

export default PlateDetailModal;
