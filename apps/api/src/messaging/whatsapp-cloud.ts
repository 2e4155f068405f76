/**
 * The WhatsApp Business Cloud API adapter: a text message is
 *
 *   POST {apiUrl}/{phone-number-id}/messages        (apiUrl = https://graph.facebook.com/v{n})
 *   Authorization: Bearer {token}
 *   { "messaging_product": "whatsapp", "recipient_type": "individual",
 *     "to": "5491155550001", "type": "text", "text": { "preview_url": true, "body": "…" } }
 *
 * answered `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`,
 * or an error `{ error: { message, type, code, error_subcode?, fbtrace_id } }`.
 *
 * Free-form text reaches a diner only inside the 24-hour customer-service
 * window (error 131047 otherwise); outside it Meta requires an approved
 * template, which this adapter does not send. Throttling (HTTP 429, codes 4,
 * 80007, 130429, 131048, 131056) and server trouble (5xx, codes 1, 2, 131000,
 * 131016, 133004), timeouts and network errors are retryable; any other
 * refusal is final.
 */
import { phoneWhatsAppDigits } from '@comanda/domain/whatsapp-number';
import { type MessagingAdapter, MessagingError } from './messaging-adapter';
import {
  messagingErrorRawNoPhone,
  messagingErrorRawRefused,
  messagingErrorRawUnreachable,
} from './messaging-error-text';

/** Credentials and address of the Cloud API. */
export interface WhatsAppCloudConfig {
  token: string;
  phoneNumberId: string;
  /** Base URL with the Graph API version, e.g. `https://graph.facebook.com/v21.0`. */
  apiUrl: string;
  /** Per request (default 10 s). */
  timeoutMs?: number;
}

/** Error codes Meta documents as throttling or temporary trouble. */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

/** The Cloud API's text messages carry at most 4096 characters. */
export const WHATSAPP_TEXT_MAX = 4096;

interface GraphError {
  error?: { message?: string; code?: number; error_subcode?: number; fbtrace_id?: string };
}

/** A MessagingAdapter that sends through the WhatsApp Business Cloud API. */
export function whatsAppCloudAdapter(config: WhatsAppCloudConfig): MessagingAdapter {
  const url = `${config.apiUrl.replace(/\/$/, '')}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    name: 'whatsapp-cloud',
    async send(message) {
      const to = phoneWhatsAppDigits(message.to);
      if (!to) throw new MessagingError(messagingErrorRawNoPhone(message.id), false);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to,
            type: 'text',
            text: { preview_url: true, body: message.body.slice(0, WHATSAPP_TEXT_MAX) },
          }),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new MessagingError(messagingErrorRawUnreachable((error as Error).message), true);
      }
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        body = {};
      }
      if (response.ok) {
        const id = (body as { messages?: { id?: unknown }[] }).messages?.[0]?.id;
        return { status: 'SENT', providerMessageId: typeof id === 'string' ? id : null };
      }
      const error = (body as GraphError).error;
      const code = typeof error?.code === 'number' ? error.code : undefined;
      const retryable =
        response.status === 429 ||
        response.status >= 500 ||
        (code !== undefined && RETRYABLE_CODES.has(code));
      const detail = error?.message ?? (text.slice(0, 200) || response.statusText);
      throw new MessagingError(messagingErrorRawRefused(response.status, code, detail), retryable);
    },
  };
}
