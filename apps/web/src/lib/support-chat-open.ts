/**
 * The support chat's entries (ADR 040), small enough for the menu's first
 * load: the chat's code (lib/support-chat.ts) and the SDK it loads arrive only
 * when the menu is idle after its first paint, or when the diner asks.
 */
import type { SupportChatConfig } from '@comanda/domain/support-chat';

const chatCode = () => import('./support-chat');

/** Loads the chat in the background (the menu home, once idle): a later tap opens it at once. */
export function supportChatPreload(chat: SupportChatConfig): void {
  chatCode()
    .then((module) => module.supportChatLoad(chat))
    .catch(() => {
      // Unreachable chat server: a tap tries again and tells the diner.
    });
}

/** Opens the chat; when it cannot (the spec's ten tries spent, no network) the diner is told so. */
export function supportChatOpen(
  chat: SupportChatConfig,
  toast: (message: string, kind: 'error') => void,
): void {
  chatCode().then(
    (module) => module.supportChatOpenOrTell(chat, toast),
    () => {
      // The chunk itself did not arrive (no network): the storefront's own reads say so already.
    },
  );
}
