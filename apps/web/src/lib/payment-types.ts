import type { PaymentMethod, PaymentType } from '@comanda/domain/types';
import type { ApiPaymentType } from '../types/api';

/** A payment type of the diner API as the domain's payment rules take it. */
export function paymentTypeFromApi(type: ApiPaymentType): PaymentType {
  return {
    id: String(type.id),
    showName: type.showName,
    ...(type.description ? { description: type.description } : {}),
    active: type.active,
    upload: type.upload,
    paymentMethod: type.paymentMethod as PaymentMethod,
    onlinePayment: type.onlinePayment,
  };
}
