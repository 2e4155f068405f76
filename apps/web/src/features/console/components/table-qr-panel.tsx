import { tableQrLinkUrl, tableQrRangeCheck } from '@comanda/domain/table-qr';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { renderSVG } from 'uqr';
import { modeSegment } from '../../../lib/storefront-path';
import type { VenueControls } from '../api/console-api';
import { consoleTableLinks } from '../api/venue-insights-api';
import '../table-qr.css';

/** (ours) What a diner reads under the code (storefront voice: tú, COPY.md). */
export const TABLE_QR_INSTRUCTION = 'Escanea el código con la cámara para pedir desde tu mesa.';

/**
 * (decision) Error correction M (15 %): a code glued to a table gets stained
 * and scratched; the links are short, so the code stays small enough to scan
 * from a phone at arm's length.
 */
export const TABLE_QR_OPTIONS = { ecc: 'M', border: 2, pixelSize: 8 } as const;

/** A table's QR code as an SVG image (data URL: the console's policy allows `data:` images, never inline scripts). */
export function tableQrImage(url: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(url, TABLE_QR_OPTIONS))}`;
}

interface TableQrPanelProps {
  token: string;
  contact: VenueControls;
  onFailure: (error: unknown) => void;
}

interface TableCard {
  table: number;
  url: string;
  image: string;
}

function TableCards({ venue, cards }: { venue: string; cards: TableCard[] }) {
  return cards.map((card) => (
    <article key={card.table} className="table-qr-card" data-table={card.table}>
      <p className="table-qr-card__venue">{venue}</p>
      <h3 className="table-qr-card__table">Mesa {card.table}</h3>
      <img className="table-qr-card__code" src={card.image} alt={`Código QR de la mesa ${card.table}`} />
      <p className="table-qr-card__hint">{TABLE_QR_INSTRUCTION}</p>
    </article>
  ));
}

/**
 * Printable QR codes for a location's tables (issue 12, beyond the spec):
 * each opens the dine-in menu with its table filled and locked (ADR 032).
 * The sheet is printed from a copy rendered under <body>, outside the app,
 * so the print stylesheet drops the console's chrome and starts at the top.
 */
export default function TableQrPanel({ token, contact, onFailure }: TableQrPanelProps) {
  const dineIn =
    contact.orderModes.find((mode) => mode.type === 'DINE_IN' && mode.active && mode.orderEnabled) ??
    contact.orderModes.find((mode) => mode.type === 'DINE_IN' && mode.active);
  const [storefrontUrl, setStorefrontUrl] = useState<string | null>(null);
  const [from, setFrom] = useState('1');
  const [to, setTo] = useState('20');
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({});
  const [tables, setTables] = useState<number[] | null>(null);

  useEffect(() => {
    consoleTableLinks(token, contact.id).then((answer) => setStorefrontUrl(answer.storefrontUrl), onFailure);
  }, [token, contact.id, onFailure]);

  const cards = useMemo<TableCard[]>(() => {
    if (!tables || !storefrontUrl || !dineIn) return [];
    return tables.map((table) => {
      const url = tableQrLinkUrl({
        storefrontUrl,
        alias: contact.alias,
        modeSegment: modeSegment(dineIn),
        table: String(table),
      });
      return { table, url, image: tableQrImage(url) };
    });
  }, [tables, storefrontUrl, dineIn, contact.alias]);

  if (!dineIn) return null;

  const show = (event: FormEvent) => {
    event.preventDefault();
    const checked = tableQrRangeCheck(from, to);
    if (!checked.ok) {
      setErrors(checked.fields);
      return;
    }
    setErrors({});
    setTables(checked.tables);
  };

  const field = (name: 'from' | 'to', label: string, value: string, set: (next: string) => void) => (
    <label className="console-field">
      <span>{label}</span>
      <input
        type="text"
        inputMode="numeric"
        name={`table-${name}`}
        value={value}
        onChange={(event) => set(event.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `table-${name}-error` : undefined}
      />
      {errors[name] ? (
        <span id={`table-${name}-error`} className="console-error">
          {errors[name]}
        </span>
      ) : null}
    </label>
  );

  return (
    <section className="console-panel table-qr" aria-labelledby="table-qr-title">
      <h2 id="table-qr-title">Códigos QR de las mesas</h2>
      <p className="muted">
        Cada código abre el menú de “{dineIn.showName}” con la mesa ya indicada: el cliente no puede
        cambiarla. Imprímalos y péguelos en cada mesa.
      </p>
      <form className="table-qr__range" onSubmit={show} noValidate>
        {field('from', 'Desde la mesa', from, setFrom)}
        {field('to', 'Hasta la mesa', to, setTo)}
        <button type="submit" className="button button--bordered" disabled={!storefrontUrl}>
          Ver códigos
        </button>
        {cards.length > 0 ? (
          <button type="button" className="button" onClick={() => window.print()}>
            Imprimir
          </button>
        ) : null}
      </form>
      <p className="muted">Hasta 100 mesas por vez.</p>
      {cards.length > 0 ? (
        <>
          <div className="table-qr__grid" data-testid="table-qr-grid">
            <TableCards venue={contact.name} cards={cards} />
          </div>
          {createPortal(
            <div className="table-qr-print" aria-hidden="true" data-testid="table-qr-print">
              <TableCards venue={contact.name} cards={cards} />
            </div>,
            document.body,
          )}
        </>
      ) : null}
    </section>
  );
}
