/**
 * The brand's support chat (ADR 040): a Chatwoot website inbox on the server
 * the brand configured. This module is a chunk of its own, asked for after the
 * menu's first paint (lib/support-chat-open.ts), never in the first load.
 *
 * It speaks the SDK's documented interface only: load `{baseUrl}/packs/js/sdk.js`,
 * call `window.chatwootSDK.run({ websiteToken, baseUrl })`, wait for the
 * `chatwoot:ready` event, then `window.$chatwoot.toggle('open')`. Our own
 * entries open it (header icon, banner, support page), so the SDK's floating
 * bubble is hidden: it would sit on the 'Ver mi pedido' button.
 */
import { supportChatProblemMessages } from '@comanda/domain/messages';
import { type SupportChatConfig, supportChatOpenStep } from '@comanda/domain/support-chat';

interface ChatwootGlobals {
  chatwootSettings?: Record<string, unknown>;
  chatwootSDK?: { run: (options: { websiteToken: string; baseUrl: string }) => void };
  $chatwoot?: { toggle: (state?: 'open' | 'close') => void; hasLoaded?: boolean };
}

const chatWindow = () => window as unknown as Window & ChatwootGlobals;

let loaded: { key: string; promise: Promise<void> } | null = null;
let ready = false;

window.addEventListener('chatwoot:ready', () => {
  ready = true;
});

function keyOf(chat: SupportChatConfig): string {
  return `${chat.baseUrl} ${chat.websiteToken}`;
}

/** The SDK answers: its ready event came, or the widget says it has loaded. */
export function supportChatReady(): boolean {
  return ready || chatWindow().$chatwoot?.hasLoaded === true;
}

/**
 * Loads and starts the chat once per page (a second call joins the first).
 * A page that moves to another brand's chat drops the first widget: the SDK
 * keeps one inbox per page. A script that fails to load may be asked again.
 */
export function supportChatLoad(chat: SupportChatConfig): Promise<void> {
  const key = keyOf(chat);
  if (loaded?.key === key) return loaded.promise;
  const w = chatWindow();
  if (loaded) {
    for (const node of document.querySelectorAll(
      '.woot-widget-holder, .woot--bubble-holder, .woot-sdk-script',
    )) {
      node.remove();
    }
    w.$chatwoot = undefined;
    w.chatwootSDK = undefined;
    ready = false;
  }
  w.chatwootSettings = { locale: 'es', hideMessageBubble: true, position: 'right' };
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${chat.baseUrl}/packs/js/sdk.js`;
    script.async = true;
    script.className = 'woot-sdk-script';
    script.onload = () => {
      try {
        w.chatwootSDK?.run({ websiteToken: chat.websiteToken, baseUrl: chat.baseUrl });
        resolve();
      } catch (error) {
        reject(error);
      }
    };
    script.onerror = () => {
      if (loaded?.key === key) loaded = null;
      script.remove();
      reject(new Error(`The support chat's script did not load from ${chat.baseUrl}`));
    };
    document.head.append(script);
  });
  loaded = { key, promise };
  return promise;
}

/**
 * Opens the chat, loading it first if need be, by the spec's rule (ordering
 * §9: up to 10 tries, 200 ms apart, while the SDK is not ready). Answers
 * whether it opened; a failed load counts as never ready.
 */
export async function supportChatOpen(
  chat: SupportChatConfig,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<boolean> {
  supportChatLoad(chat).catch(() => {});
  for (let tried = 0; ; tried++) {
    const step = supportChatOpenStep(tried, supportChatReady());
    if (step.action === 'OPEN') {
      chatWindow().$chatwoot?.toggle('open');
      return true;
    }
    if (step.action === 'GIVE_UP') return false;
    await wait(step.delayMs);
  }
}

/** `supportChatOpen`, telling the diner when the chat could not open. */
export async function supportChatOpenOrTell(
  chat: SupportChatConfig,
  toast: (message: string, kind: 'error') => void,
): Promise<void> {
  if (!(await supportChatOpen(chat))) toast(supportChatProblemMessages.openFailed, 'error');
}
