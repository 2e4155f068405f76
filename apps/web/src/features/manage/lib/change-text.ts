/**
 * How the history shows a changed value to the owner: the path of the
 * tenant format in words ('Precio', 'Horarios'…) and values as people write
 * them. Paths stay readable when a word is not known: the key names come from
 * the venue's own data (`categories[pizzas].plates[muzza].price`).
 */
import type { ChangedValue } from '../api/manage-api';

/** Spanish words for the fields of the tenant format that a management screen edits. */
const FIELD_WORDS: Record<string, string> = {
  price: 'Precio',
  name: 'Nombre',
  showName: 'Nombre',
  groupName: 'Nombre',
  description: 'Descripción',
  imageUrl: 'Imagen',
  indicators: 'Indicadores',
  remarkeds: 'Destacados',
  upselleds: 'Sugeridos en el carrito',
  sizes: 'Tamaños',
  garnishGroups: 'Guarniciones',
  groupItems: 'Opciones',
  minGarnishAmount: 'Mínimo',
  maxGarnishAmount: 'Máximo',
  mandatory: 'Obligatorio',
  multipleSelection: 'Selección múltiple',
  visible: 'Visible',
  maxQuantity: 'Cantidad máxima',
  categories: 'Categorías',
  plates: 'Platos',
  schedules: 'Horarios',
  useSchedule: 'Usa horarios',
  minDelayInMinutes: 'Demora mínima',
  maxDelayInMinutes: 'Demora máxima',
  active: 'Activo',
  orderEnabled: 'Pedidos habilitados',
  deliveryZones: 'Zonas de entrega',
  radiusMeters: 'Radio (m)',
  polygon: 'Área',
  fee: 'Envío',
  cashFee: 'Envío pagando en efectivo',
  minimumOrderPrice: 'Pedido mínimo',
  freeDeliveryFrom: 'Envío gratis desde',
  soldOut: 'Agotado',
  until: 'Hasta',
  role: 'Rol',
  email: 'Email',
  branchContacts: 'Locales',
  '#order': 'Posición',
  // Staff (ADR 056).
  access: 'Acceso',
  linkPurpose: 'Enlace pendiente',
  linkExpiresAt: 'Vencimiento del enlace',
  password: 'Contraseña',
};

/** Words for the stored codes a person reads in the history (staff roles, access and links; ADR 056). */
const VALUE_WORDS: Record<string, string> = {
  OWNER: 'Dueño',
  STAFF: 'Personal',
  ACTIVE: 'activo',
  INVITED: 'invitación pendiente',
  DISABLED: 'sin acceso',
  INVITE: 'invitación',
  RESET: 'restablecer contraseña',
  CHOSEN: 'elegida con el enlace',
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** `categories[pizzas].plates[muzza].price` → `pizzas › muzza › Precio`. */
export function changePathText(path: string): string {
  const parts: string[] = [];
  for (const segment of path.split('.')) {
    const match = /^([^[#]*)((?:\[[^\]]*\])*)(#order)?$/.exec(segment);
    if (!match) {
      parts.push(segment);
      continue;
    }
    const [, field = '', indexes = '', order] = match;
    const keys = [...indexes.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
    if (keys.length > 0) parts.push(...keys.map((key) => (/^\d+$/.test(key) ? `#${Number(key) + 1}` : key)));
    else if (field) parts.push(FIELD_WORDS[field] ?? field);
    if (order) parts.push(FIELD_WORDS['#order'] ?? 'Posición');
  }
  return parts.join(' › ');
}

/** A value as the history shows it: text as is, yes/no, lists joined, objects as compact JSON. */
export function changeValueText(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'vacío';
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'number') return value.toLocaleString('es-AR');
  if (typeof value === 'string') {
    if (value === '') return 'vacío';
    if (ISO_INSTANT.test(value))
      return new Date(value).toLocaleString('es-AR', {
        dateStyle: 'short',
        timeStyle: 'short',
        hour12: false,
      });
    return VALUE_WORDS[value] ?? value;
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value.join(', ') || 'ninguno';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** One line of a change: what, and from what to what (added and removed said as such). */
export function changeLineText(change: ChangedValue): string {
  const what = changePathText(change.path);
  if (!('before' in change)) return `${what}: agregado ${changeValueText(change.after)}`;
  if (!('after' in change)) return `${what}: quitado (era ${changeValueText(change.before)})`;
  return `${what}: ${changeValueText(change.before)} → ${changeValueText(change.after)}`;
}
