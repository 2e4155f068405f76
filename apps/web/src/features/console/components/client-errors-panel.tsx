import { useEffect, useState } from 'react';
import { type ClientErrorEntry, consoleClientLogs } from '../api/venue-insights-api';
import { useConsoleMoment } from '../hooks/use-console-moment';

/** What failed, in the owner's words: the reports' components (ADR 041). */
const COMPONENT_LABELS: Record<string, string> = {
  api: 'Consulta al servidor',
  'error-boundary': 'Pantalla que no se pudo mostrar',
  'address/fee': 'Dirección y envío',
  'address/geolocation': 'Ubicación del dispositivo',
  'checkout/payment': 'Pago',
  'checkout/card-token': 'Datos de la tarjeta',
};

/** The page's path: the host is the storefront's own and says nothing. */
function pageOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function placeOf(entry: ClientErrorEntry): string | null {
  if (entry.address) return entry.address;
  if (entry.coordinates) return `${entry.coordinates.lat}, ${entry.coordinates.lng}`;
  return null;
}

/**
 * 'Errores del cliente' (ADR 041): what went wrong in the storefront of the
 * owner's company lately — when, where, what failed and the message — read
 * from the reports the diners' browsers sent. Owner only: the API refuses staff.
 */
export default function ClientErrorsPanel({
  token,
  onFailure,
}: {
  token: string;
  onFailure: (error: unknown) => void;
}) {
  const moment = useConsoleMoment();
  const [logs, setLogs] = useState<ClientErrorEntry[] | null>(null);

  useEffect(() => {
    consoleClientLogs(token).then((answer) => setLogs(answer.logs), onFailure);
  }, [token, onFailure]);

  return (
    <section className="console-panel console-client-errors" aria-labelledby="client-errors-title">
      <h2 id="client-errors-title">Errores del cliente</h2>
      <p className="muted">
        Fallas que los navegadores de sus clientes informaron en la tienda, en todos sus locales: los últimos
        50 de los últimos 7 días. No incluyen datos de tarjetas, teléfonos ni correos.
      </p>
      {!logs ? (
        <p className="muted">Cargando…</p>
      ) : logs.length === 0 ? (
        <p>No hay errores informados en los últimos 7 días.</p>
      ) : (
        <ol className="console-client-errors__list">
          {logs.map((entry) => {
            const page = pageOf(entry.url);
            const place = placeOf(entry);
            return (
              <li key={entry.id} data-client-error={entry.component ?? ''}>
                <p className="console-client-errors__head">
                  <time dateTime={entry.createdAt}>{moment(entry.createdAt)}</time>
                  {' · '}
                  {entry.locationName ?? 'Sin local'}
                  {' · '}
                  <strong>
                    {COMPONENT_LABELS[entry.component ?? ''] ?? entry.component ?? 'Sin detalle'}
                  </strong>
                </p>
                <p className="console-client-errors__message">{entry.message || 'Sin mensaje'}</p>
                {page || place ? (
                  <p className="muted">
                    {page ? `Página: ${page}` : null}
                    {page && place ? ' · ' : null}
                    {place ? `Ubicación: ${place}` : null}
                  </p>
                ) : null}
                {entry.detail ? <p className="muted console-client-errors__detail">{entry.detail}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
