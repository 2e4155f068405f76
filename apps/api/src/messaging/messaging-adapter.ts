/**
 * Messages to diners leave through one small interface, chosen by
 * configuration (design brief, "The outside world"): the WhatsApp Business
 * Cloud API when it is configured, otherwise the local default, which keeps
 * every message in the outbox (KEPT) for the orders console to show.
 */
import type { Config } from '../config';
import { outboxKeepAdapter } from './outbox-keep';
import { whatsAppCloudAdapter } from './whatsapp-cloud';

/** One message to send: the diner's phone (E.164) and the text. */
export interface OutgoingMessage {
  /** The outbox row's id (logged with failures). */
  id: number;
  to: string;
  body: string;
}

/** What became of a message the adapter accepted. */
export type SendResult =
  | { status: 'SENT'; providerMessageId: string | null }
  /** Not sent anywhere: it stays in the outbox to be read in the console. */
  | { status: 'KEPT' };

/** A send that did not happen; `retryable` says whether trying again later may work. */
export class MessagingError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'MessagingError';
  }
}

/** A way out for diner messages. */
export interface MessagingAdapter {
  readonly name: string;
  /** Sends one message; throws MessagingError when it could not. */
  send(message: OutgoingMessage): Promise<SendResult>;
}

/** Whether a provider is configured to send diner messages (else they are only kept for the console). */
export function messagingIsConfigured(config: Pick<Config, 'whatsApp'>): boolean {
  return Boolean(config.whatsApp.token && config.whatsApp.phoneNumberId);
}

/** The adapter the configuration asks for. */
export function messagingAdapterFromConfig(config: Pick<Config, 'whatsApp'>): MessagingAdapter {
  const { token, phoneNumberId, apiUrl } = config.whatsApp;
  return token && phoneNumberId
    ? whatsAppCloudAdapter({ token, phoneNumberId, apiUrl })
    : outboxKeepAdapter();
}
