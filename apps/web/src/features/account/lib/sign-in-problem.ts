/**
 * What the diner reads when a sign-in step fails. The spec's texts where it
 * has them ('Debe ingresar un número válido', 'Error iniciando sesión'); the
 * API's own messages for a refused code or too many codes (written for
 * diners, in tú: 'El código no es correcto', 'Pediste demasiados códigos;
 * vuelve a intentar en 15 minutos'); ours, in tú, for the rest (COPY.md).
 */
import { sessionMessages } from '@comanda/domain/messages';
import { sessionSignInMessage } from '@comanda/domain/session';
import { ApiError } from '../../../lib/api-client';

/** The one-time code's length (ADR 018). */
export const SIGN_IN_CODE_LENGTH = 6;

/** (ours) Texts of the sign-in modal that the spec does not give. */
export const signInTexts = {
  codeIncomplete: `Escribe los ${SIGN_IN_CODE_LENGTH} números del código que te enviamos.`,
  tooManyTries: 'Hiciste demasiados intentos. Espera un minuto y vuelve a intentarlo.',
  codeSentTo: 'Te enviamos un código por WhatsApp al',
  demoCode: 'Código de prueba:',
} as const;

/** A failed step: a message under a field (phone, code), or a toast when no field is to blame. */
export interface SignInProblem {
  field: 'phone' | 'code' | null;
  message: string;
  /** When the API asked to wait (429): the earliest moment to try again, epoch ms. */
  retryAt?: number;
}

/** The problem an answer of `POST /api/orderingcustomer/code` or `/session` describes. */
export function signInProblem(error: unknown, now: number): SignInProblem {
  if (!(error instanceof ApiError)) return { field: null, message: sessionSignInMessage(false) };
  if (error.status === 400 && error.fields.code) return { field: 'code', message: error.fields.code };
  if (error.status === 400 && error.fields.phone)
    return { field: 'phone', message: sessionMessages.phoneInvalid };
  if (error.status === 429) {
    // The code route answers in the diner's words and says how long; the per-IP cap of the
    // session route (one minute) answers a generic text, replaced by ours.
    const seconds = (error.body as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (typeof seconds === 'number' && seconds > 0) {
      return { field: null, message: error.message, retryAt: now + seconds * 1000 };
    }
    return { field: null, message: signInTexts.tooManyTries, retryAt: now + 60_000 };
  }
  return { field: null, message: sessionSignInMessage(false) };
}
