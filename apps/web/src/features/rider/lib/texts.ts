/**
 * (ours) The rider app's texts that the spec does not give, in the rider's
 * voice (tú, short, imperative). The spec's own texts
 * come from `@comanda/domain/messages` (riderMessages, shipmentMessages).
 */
import type { ShipmentStatus } from '@comanda/domain/shipment';

/** A status as a short label on a card or a chip. */
export const STATUS_LABELS: Record<ShipmentStatus, string> = {
  PENDING: 'Pendiente',
  STACKING: 'Agrupando',
  LOOKING_FOR_DRIVER: 'Buscando repartidor',
  ON_ROUTE_TO_PICK_UP: 'En camino al local',
  IN_STORE: 'En el local',
  ON_ROUTE_TO_DROP_OFF: 'En camino al cliente',
  ON_ROUTE_TO_DROP_OFFS: 'En camino a los clientes',
  DELIVERED: 'Entregado',
  RETURNED: 'De regreso en el local',
  DRIVER_CANCELED: 'Cancelado',
  CANCELED: 'Cancelado',
};

/** The success toast of each move (follow-up §4.5 "a per-status toast"). */
export const STATUS_TOASTS: Partial<Record<ShipmentStatus, string>> = {
  ON_ROUTE_TO_PICK_UP: 'Envío aceptado. Ve a retirarlo al local.',
  IN_STORE: 'Llegaste al local.',
  ON_ROUTE_TO_DROP_OFF: 'En camino al cliente.',
  ON_ROUTE_TO_DROP_OFFS: 'En camino a los clientes.',
  DELIVERED: 'Envío entregado. ¡Buen trabajo!',
  RETURNED: 'Regreso al local registrado.',
  DRIVER_CANCELED: 'Cancelaste el envío.',
};

export const riderTexts = {
  refresh: 'Actualizar',
  live: 'En vivo',
  reconnecting: 'Reconectando…',
  offline: 'Sin conexión. Tus cambios se enviarán cuando vuelva la conexión.',
  pending: 'Pendiente de envío',
  pendingNote: 'Se enviará cuando vuelva la conexión.',
  sending: 'Enviando…',
  /** The server's own text for a shipment another rider holds (409 EXPIRED_BY_OTHER). */
  takenByOther: 'El envío ya fue tomado por otro repartidor',
  refusedTitle: 'No se pudo enviar',
  understood: 'Entendido',
  done: (status: ShipmentStatus) =>
    status === 'DRIVER_CANCELED'
      ? 'Cancelaste este envío: ya está disponible para otro repartidor.'
      : status === 'CANCELED'
        ? 'El local canceló este envío.'
        : 'Terminaste este envío. Busca el próximo en Envíos.',
  emptyList: 'No hay envíos esperando repartidor. Te avisaremos aquí cuando llegue uno.',
  stacksTitle: 'Multientregas',
  shipmentsTitle: 'Envíos simples',
  inProgress: 'Tu envío en curso',
  seeInProgress: 'Continuar',
  multiDelivery: (count: number) => `Multientrega · ${count} envíos`,
  betweenStreets: 'Entrecalles',
  pickUp: 'Retira en',
  dropOff: 'Entrega en',
  directions: 'Cómo llegar',
  collect: 'Cobra al cliente',
  bringBack: 'Lleva al local',
  addressLater: 'La verás cuando salgas hacia el cliente.',
  paysWith: 'Paga con',
  change: 'Vuelto',
  alreadyPaid: 'Pedido pagado: no cobres nada.',
  returnShipment: 'Trae el dinero de vuelta al local.',
  writeWhatsApp: 'Escribir por WhatsApp',
  deliveryCode: 'Clave de entrega',
  deliveryCodeHint: 'Pídele al cliente su clave de entrega de 4 números.',
  deliveryCodeMissing: 'Ingresa la clave de entrega del cliente.',
  confirmAction: (label: string) => `Confirmar: ${label}`,
  cancelKeep: 'Volver',
  cancelConfirm: 'Cancelar envío',
  rider: 'Repartidor',
  endShift: 'Finalizar turno',
  selectShipment: 'Elige el envío que entregas ahora',
  eta: (eta: string) => `Entrega estimada: ${eta}`,
  poweredBy: 'Envíos con',
  securityCodeHint: '4 números',
  changePhone: 'Cambiar teléfono',
} as const;
