import {
  ABANDONED_CART_DELAY_MINUTES_MAX,
  ABANDONED_CART_DELAY_MINUTES_MIN,
} from '@comanda/domain/abandoned-cart';
import type { MoneyCountry } from '@comanda/domain/money';
import { useEffect, useState } from 'react';
import {
  type AbandonedCartFigures,
  consoleAbandonedCartDelaySet,
  consoleAbandonedCarts,
} from '../api/console-api';
import { useMinutesSetting } from '../hooks/use-minutes-setting';
import { money } from '../lib/format';
import { MinutesSettingForm } from './minutes-setting-form';

interface AbandonedCartsPanelProps {
  token: string;
  branchContactId: number;
  /** Only an owner sets the delay (ADR 028); staff see the figures. */
  owner: boolean;
  country: MoneyCountry | null;
  onFailure: (error: unknown) => void;
}

const ROWS = [
  ['abandoned', 'Carritos abandonados'],
  ['messagesSent', 'Mensajes enviados'],
  ['recovered', 'Carritos recuperados'],
] as const;

/**
 * Abandoned-cart recovery at the location (ADR 028): carts abandoned, messages
 * sent, carts recovered into orders and what they came to, today and over the
 * last 30 days; and, for an owner, the minutes before the message.
 */
export function AbandonedCartsPanel({
  token,
  branchContactId,
  owner,
  country,
  onFailure,
}: AbandonedCartsPanelProps) {
  const [figures, setFigures] = useState<AbandonedCartFigures | null>(null);
  const setting = useMinutesSetting({
    saved: figures?.delayMinutes ?? null,
    save: async (minutes) =>
      (await consoleAbandonedCartDelaySet(token, branchContactId, minutes)).delayMinutes,
    onSaved: (minutes) =>
      setFigures((current) => (current ? { ...current, delayMinutes: minutes } : current)),
    savedMessage: 'Espera guardada.',
    onFailure,
  });

  useEffect(() => {
    consoleAbandonedCarts(token, branchContactId).then((answer) => {
      setFigures(answer.locations.find((item) => item.branchContactId === branchContactId) ?? null);
    }, onFailure);
  }, [token, branchContactId, onFailure]);

  return (
    <section className="console-panel console-abandoned" aria-labelledby="abandoned-title">
      <h2 id="abandoned-title">Carritos abandonados</h2>
      <p className="muted">
        Cuando un cliente con sesión iniciada deja productos en el carrito, le escribimos por WhatsApp con un
        enlace que los recupera, si aceptó recibir mensajes y el local está abierto.
      </p>
      {!figures ? (
        <p className="muted">Cargando…</p>
      ) : (
        <>
          <table className="console-table console-abandoned__figures">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Dato</span>
                </th>
                <th scope="col">Hoy</th>
                <th scope="col">Últimos 30 días</th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map(([key, label]) => (
                <tr key={key}>
                  <th scope="row">{label}</th>
                  <td>{figures.today[key]}</td>
                  <td>{figures.last30Days[key]}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">Monto recuperado</th>
                <td>{money(figures.today.recoveredAmount, country)}</td>
                <td>{money(figures.last30Days.recoveredAmount, country)}</td>
              </tr>
            </tbody>
          </table>
          {owner ? (
            <MinutesSettingForm
              setting={setting}
              name="delayMinutes"
              label="Espera antes del mensaje (minutos)"
              min={ABANDONED_CART_DELAY_MINUTES_MIN}
              max={ABANDONED_CART_DELAY_MINUTES_MAX}
            />
          ) : (
            <p data-testid="abandoned-delay">
              Espera antes del mensaje: {figures.delayMinutes} minutos. Solo el dueño puede cambiarla.
            </p>
          )}
        </>
      )}
    </section>
  );
}
