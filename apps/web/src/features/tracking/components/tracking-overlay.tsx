import { trackingMessages } from '@comanda/domain/messages';
import type { ColorScheme } from '@comanda/domain/theme';
import {
  trackingEtaText,
  trackingPageTexts,
  trackingPositionFreshness,
  trackingRiderPanel,
  trackingStatusLabel,
} from '@comanda/domain/tracking';
import { venueWhatsAppLink } from '@comanda/domain/venue-message';
import { zonedMomentText } from '@comanda/domain/zoned-moment';
import type { Ref } from 'react';
import { Icon, IconChat, IconMoon, IconPhone, IconSun } from '../../../components/ui/icons';
import type { TrackingInfo } from '../api/tracking';
import type { TrackingPageStatus } from '../hooks/use-tracking';

export interface TrackingOverlayProps {
  /** The order code of the URL: the title before the first read arrives. */
  orderCode: string;
  status: TrackingPageStatus;
  data: TrackingInfo | null;
  realtime: boolean;
  polling: boolean;
  now: number;
  scheme: ColorScheme;
  onRefresh: () => void;
  onSchemeChange: (scheme: ColorScheme) => void;
  ref?: Ref<HTMLElement>;
}

const IconRefresh = () => <Icon size={18} d="M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5" />;

/**
 * What the map shows, in words (follow-up §2.8): 'Actualizar', the branch's
 * logo, 'Pedido {code}', when it was ordered, the colour-coded status, the
 * rider with chat and call (only with a phone) or 'Sin repartidor', the
 * estimate when there is one, and the 'Clave de entrega'. Also whether the
 * page is live, and how old the rider's position is when it is not fresh.
 */
export function TrackingOverlay({
  orderCode,
  status,
  data,
  realtime,
  polling,
  now,
  scheme,
  onRefresh,
  onSchemeChange,
  ref,
}: TrackingOverlayProps) {
  const loading = status === 'loading' || status === 'idle';
  const label = data ? trackingStatusLabel(data.status) : null;
  const rider = data ? trackingRiderPanel(data.rider) : null;
  const freshness = trackingPositionFreshness(data?.rider?.position?.at, now);
  const eta = trackingEtaText(data?.eta?.text);
  const next: ColorScheme = scheme === 'dark' ? 'light' : 'dark';
  return (
    <main ref={ref} id="contenido" className="tracking-panel" tabIndex={-1} aria-busy={loading}>
      <div className="tracking-panel__bar">
        {data?.branch.logoUrl ? (
          <img
            className="tracking-panel__logo"
            src={data.branch.logoUrl}
            alt={data.branch.name}
            width="44"
            height="44"
          />
        ) : data ? (
          <span
            className="tracking-panel__logo tracking-panel__logo--initial"
            role="img"
            aria-label={data.branch.name}
          >
            {data.branch.name.slice(0, 1)}
          </span>
        ) : (
          <span className="tracking-panel__logo tracking-panel__logo--empty" aria-hidden="true" />
        )}
        <button
          type="button"
          className="icon-button tracking-panel__scheme"
          aria-label={next === 'dark' ? 'Usar colores oscuros' : 'Usar colores claros'}
          onClick={() => onSchemeChange(next)}
        >
          {next === 'dark' ? <IconMoon size={20} /> : <IconSun size={20} />}
        </button>
        <button
          type="button"
          className="button button--bordered button--small tracking-panel__refresh"
          onClick={onRefresh}
          disabled={loading}
        >
          <IconRefresh />
          {trackingMessages.refresh}
        </button>
      </div>

      <h1 className="tracking-panel__title">{trackingMessages.order(data?.orderCode ?? orderCode)}</h1>
      {data ? (
        <p className="tracking-panel__meta">
          <time dateTime={data.orderedAt}>{zonedMomentText(data.orderedAt, data.timeZone, now)}</time>
          <span aria-hidden="true"> · </span>
          <span>{data.branch.name}</span>
        </p>
      ) : null}

      {status === 'failed' ? (
        <p className="notice notice--error tracking-panel__failed" role="alert">
          {trackingPageTexts.loadFailed}
        </p>
      ) : null}

      {data && label && rider ? (
        <>
          <p
            className={`tracking-status tracking-status--${label.tone}`}
            aria-live="polite"
            data-testid="tracking-status"
          >
            <span className="tracking-status__dot" aria-hidden="true" />
            {label.label}
          </p>

          <section className="tracking-rider" aria-label="Repartidor">
            <span className="tracking-rider__avatar" aria-hidden="true">
              {data.rider ? data.rider.name.slice(0, 1) : '?'}
            </span>
            <div className="tracking-rider__text">
              <p className="tracking-rider__name" data-testid="tracking-rider">
                {rider.title}
              </p>
              {freshness.text ? (
                <p className="tracking-rider__stale" data-testid="tracking-stale">
                  {freshness.text}
                </p>
              ) : null}
            </div>
            {rider.showContact && data.rider?.phone ? (
              <div className="tracking-rider__actions">
                <a
                  className="icon-button tracking-rider__action"
                  href={venueWhatsAppLink(data.rider.phone, trackingPageTexts.riderChat(data.orderCode))}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Escribir por WhatsApp a ${rider.title}`}
                >
                  <IconChat size={20} />
                </a>
                <a
                  className="icon-button tracking-rider__action"
                  href={`tel:${data.rider.phone}`}
                  aria-label={`Llamar a ${rider.title}`}
                >
                  <IconPhone size={20} />
                </a>
              </div>
            ) : null}
          </section>

          {eta ? (
            <p className="tracking-eta" aria-live="polite" data-testid="tracking-eta">
              {eta}
            </p>
          ) : null}

          {data.securityCode ? (
            <section className="tracking-code" aria-labelledby="tracking-code-title">
              <h2 id="tracking-code-title" className="tracking-code__title">
                {trackingMessages.codeTitle}
              </h2>
              <p className="tracking-code__value" data-testid="tracking-code">
                {data.securityCode}
              </p>
              <p className="tracking-code__note">{trackingMessages.codeNote}</p>
            </section>
          ) : null}
        </>
      ) : null}

      {data && !['done', 'canceled'].includes(label?.tone ?? '') ? (
        <p
          className={`tracking-live${realtime ? ' tracking-live--on' : ''}`}
          role="status"
          data-testid="tracking-live"
        >
          {realtime ? trackingPageTexts.live : polling ? trackingPageTexts.polling : ''}
        </p>
      ) : null}

      <p className="tracking-powered">
        <img src="/favicon.svg" alt="" width="18" height="18" />
        <span>
          Envíos con <strong>Comanda</strong>
        </span>
      </p>
    </main>
  );
}
