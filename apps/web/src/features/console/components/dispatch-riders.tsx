import { DISPATCH_STATUS_LABELS, dispatchRiderGroup } from '@comanda/domain/dispatch';
import { phoneNationalText } from '@comanda/domain/phone';
import type { ShipmentStatus } from '@comanda/domain/shipment';
import type { DispatchRider } from '../api/dispatch-api';
import { useConsoleMoment } from '../hooks/use-console-moment';
import { agoText } from './dispatch-item';

interface DispatchRidersProps {
  riders: DispatchRider[];
  now: number;
  busy: boolean;
  onApprove: (rider: DispatchRider) => void;
  /** Rejecting a pending rider or taking an approval away (asks first). */
  onDisapprove: (rider: DispatchRider) => void;
}

function statusOf(status: string): string {
  return DISPATCH_STATUS_LABELS[status as ShipmentStatus] ?? status;
}

function Phone({ phone }: { phone: string }) {
  return <a href={`tel:${phone}`}>{phoneNationalText(phone)}</a>;
}

/**
 * The location's riders: those on shift waiting for the venue's approval
 * first (with 'Aprobar' and 'Rechazar'), then those on shift with what they
 * carry and how old their last position is, then, folded, those off shift
 * (the approved ones, then those never approved or rejected).
 */
export function DispatchRiders({ riders, now, busy, onApprove, onDisapprove }: DispatchRidersProps) {
  const moment = useConsoleMoment();
  const pending = riders.filter((rider) => dispatchRiderGroup(rider) === 'pending');
  const onShift = riders.filter((rider) => dispatchRiderGroup(rider) === 'onShift');
  // Off shift: the approved ones, then those never approved (or rejected), who can still be approved.
  const offShift = [
    ...riders.filter((rider) => dispatchRiderGroup(rider) === 'offShift'),
    ...riders.filter((rider) => dispatchRiderGroup(rider) === 'notApproved'),
  ];
  return (
    <section className="dispatch-riders" aria-labelledby="dispatch-riders-title">
      <h2 id="dispatch-riders-title" className="console-column__title">
        Repartidores en turno <span className="console-count">{onShift.length}</span>
      </h2>
      {pending.length > 0 ? (
        <section className="dispatch-pending" aria-labelledby="dispatch-pending-title">
          <h3 id="dispatch-pending-title">Por aprobar</h3>
          <p className="muted">
            Se registraron desde la página de turnos. Hasta que los apruebe no ven ni toman envíos.
          </p>
          <ul className="dispatch-rider-list">
            {pending.map((rider) => (
              <li key={rider.id} className="dispatch-rider" data-rider-id={rider.id}>
                <span className="dispatch-rider__name">
                  <strong>{rider.name}</strong> <Phone phone={rider.phone} />
                </span>
                <span className="muted">Registrado {moment(rider.registeredAt)} · en turno</span>
                <div className="dispatch-actions">
                  <button
                    type="button"
                    className="button button--small"
                    disabled={busy}
                    aria-label={`Aprobar a ${rider.name}`}
                    onClick={() => onApprove(rider)}
                  >
                    Aprobar
                  </button>
                  <button
                    type="button"
                    className="button button--bordered button--small"
                    disabled={busy}
                    aria-label={`Rechazar a ${rider.name}`}
                    onClick={() => onDisapprove(rider)}
                  >
                    Rechazar
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {onShift.length === 0 ? (
        <p className="muted console-empty">Ningún repartidor en turno.</p>
      ) : (
        <ul className="dispatch-rider-list">
          {onShift.map((rider) => (
            <li key={rider.id} className="dispatch-rider" data-rider-id={rider.id}>
              <span className="dispatch-rider__name">
                <strong>{rider.name}</strong> <Phone phone={rider.phone} />
              </span>
              <span>
                {rider.current ? (
                  <>
                    Lleva <span className="dispatch-code">{rider.current.code}</span> ·{' '}
                    {statusOf(rider.current.status)}
                  </>
                ) : (
                  <span className="dispatch-free">Libre</span>
                )}
              </span>
              <span className="muted" data-testid="rider-position-age">
                {rider.position ? `Ubicación ${agoText(rider.position.at, now)}` : 'Sin ubicación todavía'}
              </span>
              <div className="dispatch-actions">
                <button
                  type="button"
                  className="button button--bordered button--small"
                  disabled={busy}
                  aria-label={`Quitar la aprobación a ${rider.name}`}
                  onClick={() => onDisapprove(rider)}
                >
                  Quitar aprobación
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {offShift.length > 0 ? (
        <details className="dispatch-off">
          <summary>Fuera de turno ({offShift.length})</summary>
          <ul className="dispatch-rider-list">
            {offShift.map((rider) => (
              <li key={rider.id} className="dispatch-rider" data-rider-id={rider.id}>
                <span className="dispatch-rider__name">
                  <strong>{rider.name}</strong> <Phone phone={rider.phone} />
                </span>
                {rider.approved ? null : <span className="muted">Sin aprobar</span>}
                <div className="dispatch-actions">
                  {rider.approved ? (
                    <button
                      type="button"
                      className="button button--bordered button--small"
                      disabled={busy}
                      aria-label={`Quitar la aprobación a ${rider.name}`}
                      onClick={() => onDisapprove(rider)}
                    >
                      Quitar aprobación
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="button button--small"
                      disabled={busy}
                      aria-label={`Aprobar a ${rider.name}`}
                      onClick={() => onApprove(rider)}
                    >
                      Aprobar
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
