/** Delivery info (minor units, domain shape) → the API's JSON (major units, every key present). */
import type { DeliveryInfo } from '@comanda/domain/types';
import type { DeliveryInfoView } from '../schemas/delivery-info';
import { major } from './present-utils';

/**
 * Outside the area only `fee` (0) and the flags carry meaning: the zone's
 * amounts are `null`, never a misleading 0.
 */
export function deliveryInfoPresent(
  info: DeliveryInfo & { zoneName: string | null },
  mantissaLength: number,
): DeliveryInfoView {
  const amount = (value: number | undefined) => (value === undefined ? null : major(value, mantissaLength));
  return {
    fee: major(info.fee, mantissaLength),
    cashFee: info.insideDeliveryArea ? amount(info.cashFee ?? info.fee) : null,
    minimumOrderPrice: amount(info.minimumOrderPrice),
    freeDeliveryFrom: amount(info.freeDeliveryFrom),
    insideDeliveryArea: info.insideDeliveryArea,
    providersFailed: info.providersFailed ?? false,
    ownLogistics: info.ownLogistics ?? false,
    cashAvailable: info.cashAvailable ?? true,
    zoneName: info.zoneName,
  };
}
