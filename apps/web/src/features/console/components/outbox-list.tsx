import { phoneNationalText } from '@comanda/domain/phone';
import { useEffect, useState } from 'react';
import { consoleOutbox, type OutboxMessage } from '../api/console-api';
import { useConsoleMoment } from '../hooks/use-console-moment';
import { OUTBOX_STATUS_LABELS } from '../lib/format';

interface OutboxListProps {
  token: string;
  branchContactId: number;
  /** Bumped on every `outbox-updated` event: the list is read again. */
  version: number;
  onFailure: (error: unknown) => void;
}

/** The messages for the location's diners and where each one is (waiting, sent, failed, kept). */
export function OutboxList({ token, branchContactId, version, onFailure }: OutboxListProps) {
  const moment = useConsoleMoment();
  const [messages, setMessages] = useState<OutboxMessage[] | null>(null);
  const [total, setTotal] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the refetch trigger
  useEffect(() => {
    consoleOutbox(token, branchContactId).then((list) => {
      setMessages(list.messages);
      setTotal(list.total);
    }, onFailure);
  }, [token, branchContactId, version, onFailure]);

  if (!messages) return <p className="console-page muted">Cargando mensajes…</p>;
  return (
    <main className="console-page">
      <h2>Mensajes a clientes</h2>
      <p className="muted">
        Avisos de estado para el teléfono del cliente. “Guardado” significa que no hay un proveedor de
        mensajería configurado: el mensaje queda aquí.
        {total > messages.length ? ` Se muestran ${messages.length} de ${total}.` : ''}
      </p>
      {messages.length === 0 ? (
        <p>No hay mensajes todavía.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a phone and holds nothing focusable, so a keyboard could not scroll it otherwise (axe scrollable-region-focusable)
        <section className="console-table-wrap" aria-label="Mensajes a clientes" tabIndex={0}>
          <table className="console-table console-outbox">
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Pedido</th>
                <th scope="col">Teléfono</th>
                <th scope="col">Mensaje</th>
                <th scope="col">Estado</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr key={message.id} data-outbox-status={message.status}>
                  <td>{moment(message.createdAt)}</td>
                  <td>{message.orderCode ? `#${message.orderCode}` : '—'}</td>
                  <td className="console-table__phone">{phoneNationalText(message.toPhone)}</td>
                  <td className="console-table__body">{message.body}</td>
                  <td>
                    {OUTBOX_STATUS_LABELS[message.status] ?? message.status}
                    {message.errorText ? (
                      <div className="console-outbox__error">{message.errorText}</div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </main>
  );
}
