/**
 * Why a diner message was not sent, as the venue reads it in the console's
 * 'Mensajes' (ADR 049): a Spanish sentence in usted that says what happened
 * and what to do next. The outbox row and the log keep the raw error, which
 * this module writes (`messagingErrorRaw…`) and reads back, so the two cannot
 * drift apart. Codes are the WhatsApp Cloud API's (Graph API `error.code`).
 */

/** (ours) Not sent because the phone had its daily cap (ADR 020); already the venue's sentence. */
export const OUTBOX_DAILY_CAP_ERROR =
  'No enviado: este teléfono ya recibió el máximo de mensajes permitido en 24 horas (posible abuso)';

/** The raw error of a refusal by the Cloud API: `WhatsApp Cloud API 400 (code 131047): …`. */
export function messagingErrorRawRefused(
  httpStatus: number,
  code: number | undefined,
  detail: string,
): string {
  return `WhatsApp Cloud API ${httpStatus}${code !== undefined ? ` (code ${code})` : ''}: ${detail}`;
}

/** The raw error of a request that never got an answer (network, timeout). */
export function messagingErrorRawUnreachable(detail: string): string {
  return `WhatsApp Cloud API unreachable: ${detail}`;
}

/** The raw error of a message with no phone to send to. */
export function messagingErrorRawNoPhone(outboxId: number): string {
  return `message ${outboxId}: no phone number to send to`;
}

type Reason =
  | 'OUTSIDE_WINDOW'
  | 'NOT_ON_WHATSAPP'
  | 'NOT_ALLOWED_RECIPIENT'
  | 'SAME_NUMBER'
  | 'AUTH'
  | 'ACCOUNT'
  | 'THROTTLED'
  | 'PROVIDER_DOWN'
  | 'UNREACHABLE'
  | 'NO_PHONE'
  | 'REFUSED'
  | 'INTERNAL';

const BY_CODE: ReadonlyMap<number, Reason> = new Map<number, Reason>([
  // Re-engagement: free text only within 24 h of the diner's last message.
  [131047, 'OUTSIDE_WINDOW'],
  [470, 'OUTSIDE_WINDOW'],
  [131026, 'NOT_ON_WHATSAPP'],
  [131030, 'NOT_ALLOWED_RECIPIENT'],
  [131021, 'SAME_NUMBER'],
  [0, 'AUTH'],
  [3, 'AUTH'],
  [10, 'AUTH'],
  [190, 'AUTH'],
  [368, 'ACCOUNT'],
  [131031, 'ACCOUNT'],
  [131042, 'ACCOUNT'],
  [131045, 'ACCOUNT'],
  [133010, 'ACCOUNT'],
  [4, 'THROTTLED'],
  [80007, 'THROTTLED'],
  [130429, 'THROTTLED'],
  [131048, 'THROTTLED'],
  [131056, 'THROTTLED'],
  [1, 'PROVIDER_DOWN'],
  [2, 'PROVIDER_DOWN'],
  [131000, 'PROVIDER_DOWN'],
  [131016, 'PROVIDER_DOWN'],
  [133004, 'PROVIDER_DOWN'],
]);

/** What a raw error says, as one of the reasons the venue is told about. */
function messagingErrorReason(raw: string): Reason {
  const refused = /^WhatsApp Cloud API (\d{3})(?: \(code (\d+)\))?:/.exec(raw);
  if (refused) {
    const httpStatus = Number(refused[1]);
    const code = refused[2] === undefined ? undefined : Number(refused[2]);
    const known = code === undefined ? undefined : BY_CODE.get(code);
    if (known) return known;
    if (code !== undefined && code >= 200 && code <= 299) return 'AUTH';
    if (httpStatus === 401 || httpStatus === 403) return 'AUTH';
    if (httpStatus === 429) return 'THROTTLED';
    if (httpStatus >= 500) return 'PROVIDER_DOWN';
    return 'REFUSED';
  }
  if (raw.startsWith('WhatsApp Cloud API unreachable')) return 'UNREACHABLE';
  if (raw.endsWith('no phone number to send to')) return 'NO_PHONE';
  return 'INTERNAL';
}

/** (ours) What happened, per reason. */
const HAPPENED: Record<Reason, string> = {
  OUTSIDE_WINDOW:
    'WhatsApp no lo entregó: el cliente no escribió al local en las últimas 24 horas y, fuera de ese plazo, WhatsApp solo admite plantillas aprobadas. Si el aviso es importante, llame al cliente.',
  NOT_ON_WHATSAPP:
    'WhatsApp no lo entregó: el número no tiene WhatsApp o no puede recibir mensajes. Si el aviso es importante, llame al cliente.',
  NOT_ALLOWED_RECIPIENT:
    'WhatsApp no lo entregó: la cuenta de WhatsApp del local está en modo de prueba y este número no está entre sus destinatarios permitidos. Agréguelo en Meta o pase la cuenta a producción.',
  SAME_NUMBER:
    'WhatsApp no lo entregó: el teléfono del cliente es el mismo número que envía los mensajes del local.',
  AUTH: 'WhatsApp rechazó el acceso del local: la clave de acceso venció o no tiene permiso para enviar. Pida a quien administra la cuenta de WhatsApp que la renueve.',
  ACCOUNT:
    'WhatsApp no permite enviar desde la cuenta del local (bloqueo, pago pendiente o número sin registrar). Revise la cuenta en el administrador de WhatsApp de Meta.',
  THROTTLED: 'WhatsApp está limitando los envíos del local por la cantidad de mensajes.',
  PROVIDER_DOWN: 'WhatsApp tuvo una falla en su servicio.',
  UNREACHABLE: 'No se pudo conectar con WhatsApp.',
  NO_PHONE: 'El pedido no tiene un teléfono al que enviar el mensaje.',
  REFUSED: 'WhatsApp rechazó el mensaje. Si se repite, avise a quien administra la cuenta de WhatsApp.',
  INTERNAL: 'No se pudo enviar por un error del sistema.',
};

/** Reasons another attempt may mend: the sentence then says whether one will come. */
const PASSING: ReadonlySet<Reason> = new Set<Reason>([
  'THROTTLED',
  'PROVIDER_DOWN',
  'UNREACHABLE',
  'INTERNAL',
]);

/**
 * The venue's sentence for a raw outbox error. `status` is the message's:
 * PENDING means it will be tried again, FAILED that it was given up.
 */
export function messagingErrorText(raw: string, status: string): string {
  if (raw === OUTBOX_DAILY_CAP_ERROR) return raw;
  const reason = messagingErrorReason(raw);
  const happened = HAPPENED[reason];
  if (!PASSING.has(reason)) return happened;
  return status === 'PENDING'
    ? `${happened} Se volverá a intentar automáticamente.`
    : `${happened} No se volverá a intentar: si el aviso es importante, llame al cliente.`;
}
