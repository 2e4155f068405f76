/** 'Obtener mis coordenadas' on 'Mi ubicación', and what the device answered (an error is an alert). */
import { addressMessages } from '@comanda/domain/messages';

export function AddressLocate({
  id,
  loading,
  failed,
  status,
  onLocate,
}: {
  id: string;
  loading: boolean;
  failed: boolean;
  status: string;
  onLocate: () => void;
}) {
  return (
    <div className="address-locate">
      <button
        type="button"
        className="button button--bordered"
        onClick={onLocate}
        disabled={loading}
        aria-describedby={id}
      >
        {addressMessages.getCoordinates}
      </button>
      <p
        id={id}
        className={`address-field__status${failed ? ' address-field__status--error' : ''}`}
        role={failed ? 'alert' : 'status'}
      >
        {status}
      </p>
    </div>
  );
}
