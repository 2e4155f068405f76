/**
 * What every shipment service shares (ADR 023): its dependencies, the Spanish
 * texts of its refusals (rider app: tú; console: usted), the errors, and the
 * record of what a transaction changed, which shipment-events.ts announces
 * after commit.
 */
import type { ShipmentStatus } from '@comanda/domain/shipment';
import { SHIPMENT_STATUS_NAMES } from '@comanda/domain/shipment-lifecycle';
import { HttpError } from '../lib/http-error';
import type { OrderChangeDeps } from './order-status-service';

/** What the shipment services need: the console's deps (db, realtime, clock, log) and the public address. */
export type ShipmentDeps = OrderChangeDeps;

/** (ours) Texts of the shipment API. The first two are the contract's. */
export const shipmentApiMessages = {
  expiredByOther: 'El envío ya fue tomado por otro repartidor',
  noPermission: 'No tienes permisos para ver los envíos',
  notFound: (id: number) => `No existe el envío ${id}`,
  stackNotFound: (id: number) => `No existe la multientrega ${id}`,
  logisticsOrderNotFound: (id: number) => `No existe la orden de envío ${id}`,
  otherLocation: 'Solo puedes ver los envíos de tu local',
  moveNotAllowed: (from: ShipmentStatus, to: ShipmentStatus) =>
    `No se puede pasar el envío de '${SHIPMENT_STATUS_NAMES[from]}' a '${SHIPMENT_STATUS_NAMES[to]}'`,
  stackMovesAsOne: 'Hasta salir del local la multientrega avanza completa; usa la multientrega',
  returnAfterAll: 'Regresa al local cuando termines todas las entregas de la multientrega',
  idMismatch: 'El id no coincide con el de la dirección',
  riderMismatch: 'El repartidor no coincide con tu turno',
  deliveryCodeRequired: 'Ingresa la clave de entrega que te da el cliente',
  deliveryCodeWrong: 'La clave de entrega no es correcta',
  deliveryCodeLocked: (minutes: number) =>
    `Demasiados intentos con la clave de entrega; vuelve a intentarlo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} o pide al local que confirme la entrega`,
  keyReused: 'La clave Idempotency-Key ya se usó con otra solicitud; usa una clave nueva para otro cambio',
  stackBodyEmpty: 'Indica el estado o el envío seleccionado',
} as const;

/** (ours, usted) Texts of the venue's dispatch actions. */
export const shipmentStaffMessages = {
  notFound: (id: number) => `No existe el envío ${id}`,
  stackNotFound: (id: number) => `No existe la multientrega ${id}`,
  forbidden: 'No tiene acceso a los envíos de este local',
  stackNeedsTwo: 'Elija al menos dos envíos para agrupar',
  stackTaken: 'Algún envío ya fue tomado por un repartidor o ya está agrupado; actualice la lista',
  stackNotFree: 'La multientrega ya fue tomada por un repartidor',
  notLooking: 'El envío ya tiene repartidor',
  riderUnknown: (id: number) => `No existe el repartidor ${id} en este local`,
  riderNotApproved: 'El repartidor todavía no está aprobado',
  cancelNotAllowed: 'Solo se puede cancelar un envío en curso',
  deliveredNotAllowed: 'Solo se puede confirmar la entrega de un envío en camino al cliente',
  reasonRequired: 'Indique el motivo de la cancelación',
} as const;

/** 409 with the contract's code: another rider (or a stack) took it first. */
export const expiredByOther = () =>
  new HttpError(409, shipmentApiMessages.expiredByOther, undefined, { code: 'EXPIRED_BY_OTHER' });

/** 409 for a move the state machine refuses. */
export const moveRefused = (from: ShipmentStatus, to: ShipmentStatus, message?: string) =>
  new HttpError(409, message ?? shipmentApiMessages.moveNotAllowed(from, to), undefined, {
    code: 'INVALID_TRANSITION',
    status: from,
  });

/** The JSON body an HttpError is answered with (stored as a rider request's answer). */
export function httpErrorBody(error: HttpError): Record<string, unknown> {
  const names: Record<number, string> = { 400: 'Bad Request', 429: 'Too Many Requests' };
  return {
    error: names[error.statusCode] ?? 'Error',
    message: error.message,
    ...(error.fields ? { fields: error.fields } : {}),
    ...error.extra,
  };
}

/** What a transaction changed, announced after commit by shipment-events.ts. */
export interface ShipmentChanges {
  companyId: number;
  branchContactId: number;
  shipmentIds: Set<number>;
  stackIds: Set<number>;
  /** Codes of orders whose follow-up view changed (status, or the shipment it shows). */
  orderCodes: Set<string>;
  /** Outbox messages written (the console lists them). */
  outboxIds: number[];
}

export function shipmentChangesNew(companyId: number, branchContactId: number): ShipmentChanges {
  return {
    companyId,
    branchContactId,
    shipmentIds: new Set(),
    stackIds: new Set(),
    orderCodes: new Set(),
    outboxIds: [],
  };
}

/** Whether anything is to be announced. */
export function shipmentChangesAny(changes: ShipmentChanges | null | undefined): changes is ShipmentChanges {
  return (
    !!changes && (changes.shipmentIds.size > 0 || changes.stackIds.size > 0 || changes.orderCodes.size > 0)
  );
}
