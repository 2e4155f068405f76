/**
 * The support chat (ordering §2 "Support chat", §7 "A support chat widget and a
 * chatbot script (loaded with an API key) are embedded", §9 "Chatbot open
 * retry: up to 10 tries, 200 ms apart") and the menu home's support/loyalty
 * banner (§2). ADR 040: the chat is a Chatwoot website inbox, which a venue
 * may host itself; the brand's configuration names its server and token.
 */
import { loyaltyProgrammeLabel, supportChatMessages } from './messages';

/** Spec §9: the chat is asked to open at most this many times… */
export const SUPPORT_CHAT_OPEN_TRIES = 10;
/** …this far apart, while its script is not ready yet. */
export const SUPPORT_CHAT_OPEN_INTERVAL_MS = 200;

/** The providers a brand may configure (ADR 040: one today). */
export const SUPPORT_CHAT_PROVIDERS = ['CHATWOOT'] as const;
export type SupportChatProvider = (typeof SUPPORT_CHAT_PROVIDERS)[number];

/** A brand's chat: the provider, its server (an origin) and the inbox's public website token (the spec's key). */
export interface SupportChatConfig {
  provider: SupportChatProvider;
  baseUrl: string;
  websiteToken: string;
}

/** What to do after `tried` attempts to open the chat, given whether its script is ready now. */
export type SupportChatOpenStep =
  | { action: 'OPEN' }
  | { action: 'WAIT'; delayMs: number }
  | { action: 'GIVE_UP' };

/**
 * Spec §9's retry: a ready script opens at once; otherwise wait 200 ms and try
 * again, up to 10 tries in all (the first included), then give up.
 */
export function supportChatOpenStep(tried: number, ready: boolean): SupportChatOpenStep {
  if (!Number.isInteger(tried) || tried < 0)
    throw new RangeError(`tries must be a whole number ≥ 0: ${tried}`);
  if (tried >= SUPPORT_CHAT_OPEN_TRIES) return { action: 'GIVE_UP' };
  if (ready) return { action: 'OPEN' };
  return tried + 1 >= SUPPORT_CHAT_OPEN_TRIES
    ? { action: 'GIVE_UP' }
    : { action: 'WAIT', delayMs: SUPPORT_CHAT_OPEN_INTERVAL_MS };
}

/** Hosts a developer's own chat server may run on over plain http. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Why a chat server address is refused (ADR 040). */
export type SupportChatBaseUrlProblem = 'INVALID' | 'NOT_HTTPS' | 'NOT_ORIGIN';

/** An origin as browsers write it: lower-case scheme and host, an optional port, at most a final slash. */
const ORIGIN = /^(https?):\/\/([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[::1\])(?::([0-9]{1,5}))?\/?$/;

/**
 * The chat server's address: an origin (scheme, host, optional port, nothing
 * after it but one slash), over https — or http on this machine, for
 * development. The content security policy allows exactly this origin.
 */
export function supportChatBaseUrlProblem(value: string): SupportChatBaseUrlProblem | null {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(value)?.[1]?.toLowerCase();
  if (!scheme || (scheme.startsWith('http') && !/^https?:\/\/[^/]/i.test(value))) return 'INVALID';
  const host = /^http:\/\/([^/:?#]+|\[::1\])/i.exec(value)?.[1]?.toLowerCase();
  if (scheme !== 'https' && !(scheme === 'http' && host && LOOPBACK_HOSTS.includes(host))) return 'NOT_HTTPS';
  const match = ORIGIN.exec(value);
  if (!match || Number(match[3] ?? 0) > 65535) return 'NOT_ORIGIN';
  return null;
}

/** The origin the browser loads the chat from (a valid base URL without its trailing slash). */
export function supportChatOrigin(baseUrl: string): string {
  return baseUrl.replace(/\/$/, '');
}

/**
 * A Chatwoot website token: the inbox's public key, 24 letters and digits
 * as Chatwoot issues them; 16 to 64 accepted so a server that issues longer
 * ones still fits. Never a secret: it is printed in every page that embeds it.
 */
export const SUPPORT_CHAT_TOKEN_PATTERN = '^[A-Za-z0-9]{16,64}$';

export function supportChatTokenValid(value: string): boolean {
  return new RegExp(SUPPORT_CHAT_TOKEN_PATTERN).test(value);
}

/** The menu home's banner: the loyalty programme's entry, the chat's, or both. */
export interface SupportBanner {
  title: string;
  /** 'Mis {name}', opening the programme's modal. */
  loyaltyLabel: string | null;
  /** Opens the support chat. */
  chatLabel: string | null;
}

/**
 * Spec §2 "A support/loyalty banner": shown when the location has an active
 * loyalty programme (by its name) or the brand a support chat; null when
 * neither, so the menu keeps its first line.
 */
export function supportBannerOf(input: {
  loyaltyProgramName: string | null;
  chat: boolean;
}): SupportBanner | null {
  const name = input.loyaltyProgramName?.trim() || null;
  if (!name && !input.chat) return null;
  return {
    title: name ? supportChatMessages.bannerLoyaltyTitle(name) : supportChatMessages.bannerChatTitle,
    loyaltyLabel: name ? loyaltyProgrammeLabel(name) : null,
    chatLabel: input.chat ? supportChatMessages.open : null,
  };
}
