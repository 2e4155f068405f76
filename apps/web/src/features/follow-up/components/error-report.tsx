import { orderErrorMessages, venueMessages } from '@comanda/domain/messages';
import { ORDER_ERROR_TYPES, type OrderErrorType, venueErrorReportValid } from '@comanda/domain/venue-message';
import { type FormEvent, useState } from 'react';
import { type FollowUpOrder, followUpErrorReport } from '../api/order';

/**
 * Follow-up §2.2: report a problem with the order by picking exactly one type;
 * the report is stored, then a chat with the venue opens with it prefilled.
 */
export function ErrorReport({
  order,
  onReported,
  initiallyOpen = false,
}: {
  order: FollowUpOrder;
  onReported: (order: FollowUpOrder) => void;
  /** `open_follow_up_support=true`: the page lands with the report open. */
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [selected, setSelected] = useState<OrderErrorType | null>(null);
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [whatsAppUrl, setWhatsAppUrl] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const picked = selected ? [selected] : [];
    if (!venueErrorReportValid(picked) || busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const result = await followUpErrorReport(order.code, picked[0], details.trim() || null);
      onReported(result.order);
      setWhatsAppUrl(result.whatsAppUrl);
      if (result.whatsAppUrl) window.open(result.whatsAppUrl, '_blank', 'noopener');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <button
        type="button"
        className="button button--bordered follow-up__report"
        onClick={() => setOpen(true)}
      >
        Reportar un problema
      </button>
    );
  }

  return (
    <form className="follow-up__section error-report" onSubmit={submit} aria-label="Reportar un problema">
      <fieldset className="error-report__types">
        <legend className="section-title">¿Qué pasó con tu pedido?</legend>
        {ORDER_ERROR_TYPES.map((type) => (
          <label key={type} className="option-row error-report__type">
            <input
              type="radio"
              name="errorType"
              value={type}
              checked={selected === type}
              onChange={() => setSelected(type)}
            />
            <span>{venueMessages.errorTypes[type]}</span>
          </label>
        ))}
      </fieldset>
      <label className="pay-form__field">
        <span>Detalles (opcional)</span>
        <textarea
          value={details}
          maxLength={500}
          rows={3}
          onChange={(event) => setDetails(event.target.value)}
        />
      </label>
      {failed ? (
        <div className="notice notice--error" role="alert">
          {orderErrorMessages.detailsUpdateFailed}
        </div>
      ) : null}
      {whatsAppUrl ? (
        <p role="status">
          <a
            className="link"
            href={whatsAppUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="whatsapp-link"
          >
            Escribir por WhatsApp
          </a>
        </p>
      ) : null}
      <button type="submit" className="button" disabled={!selected || busy}>
        Enviar reporte
      </button>
    </form>
  );
}
