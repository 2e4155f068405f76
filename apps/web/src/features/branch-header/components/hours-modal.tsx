import { scheduleMessages } from '@comanda/domain/messages';
import { scheduleHoursTable } from '@comanda/domain/schedule';
import { Modal } from '../../../components/ui/modal';
import type { ApiOrderMode } from '../../../types/api';

/** 'Ver horarios' → 'Informacion' with 'Horarios del Local', one table per order mode (ordering §2). */
export function HoursModal({
  open,
  onClose,
  modes,
}: {
  open: boolean;
  onClose: () => void;
  modes: ApiOrderMode[];
}) {
  if (!open) return null;
  const tables = scheduleHoursTable(modes);
  return (
    <Modal open={open} title={scheduleMessages.infoTitle} onClose={onClose}>
      <h3 className="hours__title">{scheduleMessages.hoursTitle}</h3>
      {tables.map((table) => (
        <table key={table.showName} className="hours__table">
          <caption>{table.showName}</caption>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.dayOfWeek}>
                <th scope="row">{row.dayName}</th>
                <td>{row.hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </Modal>
  );
}
