/**
 * What the orders console shows of the abuse limits that tripped at a
 * location (ADR 020): refusals grouped by what tripped and the masked phone,
 * each with a Spanish notice for the staff (usted).
 */

import type { Queryable } from '../db/client';
import { type AbuseTripKind, type AbuseTripRow, abuseTripsList } from '../repositories/abuse-trip-repository';
import { consoleBranchContactCheck } from './console-service';
import type { StaffPrincipal } from './staff-auth-service';

/** One group of refusals, as the console lists it. */
export interface AbuseTripView {
  kind: AbuseTripKind;
  /** '···4567', or '' when the limit is not about a phone. */
  phoneMasked: string;
  count: number;
  firstAt: string;
  lastAt: string;
  /** The notice the console shows, e.g. 'Se bloquearon 12 pedidos sospechosos del teléfono ···4567 en los últimos 10 minutos'. */
  message: string;
}

/** 'en los últimos 10 minutos', 'en la última hora', 'en las últimas 3 horas'. */
export function abuseSinceText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes === 1) return 'en el último minuto';
  if (minutes < 60) return `en los últimos ${minutes} minutos`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'en la última hora' : `en las últimas ${hours} horas`;
}

/** The notice for `count` refusals of `kind`. */
export function abuseTripMessage(
  kind: AbuseTripKind,
  count: number,
  phoneMasked: string,
  since: string,
): string {
  const phone = phoneMasked ? ` del teléfono ${phoneMasked}` : '';
  const orders =
    count === 1 ? 'Se bloqueó 1 pedido sospechoso' : `Se bloquearon ${count} pedidos sospechosos`;
  switch (kind) {
    case 'ORDER_PHONE':
      return `${orders}${phone} ${since}`;
    case 'ORDER_IP':
      return `${orders} enviados desde una misma conexión ${since}`;
    case 'ORDER_VENUE':
      return `${orders}${phone}: el local superó el máximo de pedidos permitido ${since}`;
    case 'CODE_GUESS':
      return `${count === 1 ? 'Se bloqueó 1 intento' : `Se bloquearon ${count} intentos`} de adivinar códigos de descuento ${since}`;
    case 'MESSAGE_CAP':
      return `${count === 1 ? 'No se envió 1 mensaje' : `No se enviaron ${count} mensajes`} de WhatsApp al teléfono ${phoneMasked || 'del cliente'}: superó el máximo diario ${since}`;
  }
}

/** `GET /api/console/abuse-trips`: the location's trips in the last `minutes`, most recent first. */
export async function consoleAbuseTripsList(
  db: Queryable,
  staff: StaffPrincipal,
  query: { branchContactId: number; minutes: number; now: number },
): Promise<{ trips: AbuseTripView[] }> {
  await consoleBranchContactCheck(db, staff, query.branchContactId);
  const rows = await abuseTripsList(db, {
    companyId: staff.companyId,
    branchContactId: query.branchContactId,
    since: new Date(query.now - query.minutes * 60_000),
    limit: 500,
  });
  const groups = new Map<string, { kind: AbuseTripKind; phoneMasked: string; rows: AbuseTripRow[] }>();
  for (const row of rows) {
    const key = `${row.kind}|${row.phoneMasked}`;
    const group = groups.get(key) ?? { kind: row.kind, phoneMasked: row.phoneMasked, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const trips = [...groups.values()].map((group) => {
    const count = group.rows.reduce((sum, row) => sum + row.count, 0);
    const firstAt = Math.min(...group.rows.map((row) => row.createdAt.getTime()));
    const lastAt = Math.max(...group.rows.map((row) => row.lastAt.getTime()));
    return {
      kind: group.kind,
      phoneMasked: group.phoneMasked,
      count,
      firstAt: new Date(firstAt).toISOString(),
      lastAt: new Date(lastAt).toISOString(),
      message: abuseTripMessage(group.kind, count, group.phoneMasked, abuseSinceText(query.now - firstAt)),
    };
  });
  trips.sort((a, b) => b.lastAt.localeCompare(a.lastAt));
  return { trips };
}
