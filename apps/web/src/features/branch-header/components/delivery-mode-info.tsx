import { deliveryFeeFreeFromLabel, deliveryFeeText } from '@comanda/domain/fees';
import { feeMessages, orderErrorMessages } from '@comanda/domain/messages';
import { type MoneyCountry, moneyFormat } from '@comanda/domain/money';
import type { DeliveryInfo } from '@comanda/domain/types';

/**
 * The delivery mode's info once the diner's address is known (ordering §2
 * "Branch header", §8): 'Llega en', 'Envío' and 'Mínimo' with their figures,
 * 'Envío gratis a partir de {amount}', or the outside-the-zone and no-riders
 * messages. Loaded only when there is delivery info to show.
 */
export function DeliveryModeInfo({
  info,
  country,
  delayText,
  takeAwayName,
}: {
  info: DeliveryInfo;
  country: MoneyCountry;
  delayText: string;
  /** The location's take-away mode, offered when the address is outside the zone. */
  takeAwayName: string | null;
}) {
  const inside = info.insideDeliveryArea;
  const freeFrom = inside ? deliveryFeeFreeFromLabel(info, country) : null;
  return (
    <>
      <dl className="mode-info">
        <div>
          <dt>{feeMessages.arrivesIn}</dt>
          <dd>{delayText}</dd>
        </div>
        <div>
          <dt>{feeMessages.delivery}</dt>
          <dd>{inside ? deliveryFeeText(info.fee, country) : '—'}</dd>
        </div>
        <div>
          <dt>{feeMessages.minimum}</dt>
          <dd>
            {inside && info.minimumOrderPrice !== undefined
              ? moneyFormat(info.minimumOrderPrice, country)
              : '—'}
          </dd>
        </div>
      </dl>
      {freeFrom ? <p className="free-delivery">{freeFrom}</p> : null}
      {!inside ? (
        <div className="notice notice--error" role="alert">
          <p>{orderErrorMessages.outsideZone}</p>
          <p>
            {takeAwayName
              ? orderErrorMessages.switchToTakeAway(takeAwayName)
              : orderErrorMessages.enterAnotherAddress}
          </p>
        </div>
      ) : info.providersFailed ? (
        <p className="notice notice--error" role="alert">
          {orderErrorMessages.noRiders}
        </p>
      ) : null}
    </>
  );
}
