/**
 * What a client error report may carry (ADR 041): the spec's fields only
 * (ordering §7: bcId, branchId, url, coordinates, address, component, payload,
 * stack), and within them nothing of the diner's card, phone or email, and of
 * the address only what a failed lookup needs. Pure: the sender applies it,
 * the tests pin it.
 */

import { ApiError } from './api-client';
import type { ClientLogEvent } from './client-log';

/** The body of one `POST /api/diner/log`. */
export interface ClientLogBody {
  bcId?: number;
  branchId?: number;
  url: string;
  component: string;
  payload: Record<string, unknown>;
  stack?: string;
  address?: Record<string, string>;
  coordinates?: { lat: number; lng: number };
}

const STRING_MAX = 300;
const STACK_MAX = 3000;
/** Payload keys never sent, whatever their value: card, contact and address data. */
const SENSITIVE_KEY =
  /card|cvv|cvc|security.?code|expir|phone|whats|mail|document|identification|token|password|secret|address|street|direccion|calle|entrecalles|aclaraciones|coord|lat$|lng$|^name$|nombre/i;
/** Of an address, only what tells why a lookup failed; never the diner's notes (they hold names, phones). */
const ADDRESS_KEPT = ['fullAddress', 'city', 'locality', 'postalCode', 'country'] as const;

/**
 * Emails, and any run of 7 or more digits (spaces, dots and dashes allowed
 * between them): phones and card numbers, wherever they hide in a message.
 */
export function clientLogScrub(text: string): string {
  return text
    .replace(/[^\s@/:;,'"<>()]+@[^\s@/:;,'"<>()]+\.[a-z]{2,}/gi, '[email]')
    .replace(/\+?\d(?:[\s.-]?\d){6,}/g, '[número]');
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max)}…`);

function cleanValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return cut(clientLogScrub(value), STRING_MAX);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (depth >= 3 || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return value.slice(0, 10).map((item) => cleanValue(item, depth + 1) ?? null);
  const clean: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value).slice(0, 20)) {
    if (SENSITIVE_KEY.test(key)) continue;
    const kept = cleanValue(item, depth + 1);
    if (kept !== undefined) clean[key] = kept;
  }
  return clean;
}

/** The page's address without query or fragment (they carry phones, codes and tokens). */
export function clientLogUrl(href: string): string {
  try {
    const url = new URL(href);
    return clientLogScrub(`${url.origin}${url.pathname}`);
  } catch {
    return '';
  }
}

const id = (value: unknown) =>
  Number.isInteger(value) && (value as number) > 0 ? (value as number) : undefined;
const round = (value: number) => Math.round(value * 1000) / 1000;

/** The report to post for an event on the page `href`, with the location the screen is bound to. */
export function clientLogBody(event: ClientLogEvent, href: string, bcId?: number): ClientLogBody {
  const error = event.error;
  const message =
    event.message ??
    // The server's own words for an API error: the log is read by staff, the sentence was for the diner.
    (error instanceof ApiError ? error.serverMessage : undefined) ??
    (error instanceof Error ? error.message : typeof error === 'string' ? error : undefined) ??
    '';
  const payload = cleanValue(event.payload ?? {}, 0) as Record<string, unknown>;
  payload.message = cut(clientLogScrub(message), STRING_MAX);
  if (error instanceof ApiError) payload.status = error.status;
  else if (error instanceof Error && error.name !== 'Error') payload.errorName = cut(error.name, 60);
  const body: ClientLogBody = {
    url: clientLogUrl(href),
    component: cut(event.component, 80),
    payload,
  };
  const contact = id(event.bcId) ?? id(bcId);
  if (contact) body.bcId = contact;
  const branch = id(event.branchId);
  if (branch) body.branchId = branch;
  if (error instanceof Error && error.stack) {
    // An API error's stack opens with the diner's sentence; the log reads the server's words there.
    const stack =
      error instanceof ApiError ? error.stack.replace(error.message, error.serverMessage) : error.stack;
    body.stack = cut(clientLogScrub(stack), STACK_MAX);
  }
  if (event.address) {
    const source = event.address as Record<string, unknown>;
    const address: Record<string, string> = {};
    for (const key of ADDRESS_KEPT) {
      const part = source[key];
      if (typeof part === 'string' && part !== '') address[key] = cut(clientLogScrub(part), 200);
    }
    if (Object.keys(address).length > 0) body.address = address;
  }
  const { lat, lng } = event.coordinates ?? {};
  if (typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng)) {
    body.coordinates = { lat: round(lat), lng: round(lng) };
  }
  return body;
}
