import { afterEach, describe, expect, it, vi } from 'vitest';

const CHAT = {
  provider: 'CHATWOOT' as const,
  baseUrl: 'https://chat.fuego.test',
  websiteToken: 'Fdm5ypwCWKm8fAEpf9w2Rqsm',
};

type ChatWindow = Window & {
  chatwootSDK?: unknown;
  $chatwoot?: { toggle: (state?: string) => void; hasLoaded?: boolean };
};

/**
 * The chat's module afresh, with the SDK's script caught at the network edge:
 * `serve()` answers it with a stand-in speaking Chatwoot's interface.
 */
async function chatModule() {
  vi.resetModules();
  const w = window as ChatWindow;
  w.chatwootSDK = undefined;
  w.$chatwoot = undefined;
  const scripts: HTMLScriptElement[] = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) if (node instanceof HTMLScriptElement) scripts.push(node);
  });
  const toggles: (string | undefined)[] = [];
  const runs: unknown[] = [];
  const serve = () => {
    w.chatwootSDK = {
      run: (options: unknown) => {
        runs.push(options);
        w.$chatwoot = { toggle: (state) => toggles.push(state), hasLoaded: false };
      },
    };
    scripts[0]?.onload?.(new Event('load'));
  };
  const ready = () => window.dispatchEvent(new Event('chatwoot:ready'));
  return { module: await import('./support-chat'), scripts, toggles, runs, serve, ready };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the support chat (ADR 040, ordering §9 retry)', () => {
  it("loads the SDK from the brand's server once and starts it with the website token", async () => {
    const chat = await chatModule();
    const first = chat.module.supportChatLoad(CHAT);
    const second = chat.module.supportChatLoad(CHAT);
    expect(chat.scripts.map((script) => script.src)).toEqual(['https://chat.fuego.test/packs/js/sdk.js']);
    chat.serve();
    await Promise.all([first, second]);
    expect(chat.runs).toEqual([{ websiteToken: CHAT.websiteToken, baseUrl: CHAT.baseUrl }]);
    expect((window as Window & { chatwootSettings?: unknown }).chatwootSettings).toMatchObject({
      hideMessageBubble: true,
    });
  });

  it('opens once the SDK is ready, waiting 200 ms between tries', async () => {
    const chat = await chatModule();
    const waits: number[] = [];
    const opened = chat.module.supportChatOpen(CHAT, async (ms) => {
      waits.push(ms);
      if (waits.length === 1) chat.serve();
      if (waits.length === 3) chat.ready();
    });
    expect(await opened).toBe(true);
    expect(waits).toEqual([200, 200, 200]);
    expect(chat.toggles).toEqual(['open']);
  });

  it('gives up after ten tries when the SDK never gets ready, and the diner is told', async () => {
    const chat = await chatModule();
    const toast = vi.fn();
    vi.useFakeTimers();
    const done = chat.module.supportChatOpenOrTell(CHAT, toast);
    await vi.advanceTimersByTimeAsync(1799);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    vi.useRealTimers();
    expect(toast).toHaveBeenCalledWith(
      'No pudimos abrir el chat. Inténtalo de nuevo en unos minutos.',
      'error',
    );
    expect(chat.toggles).toEqual([]);
  });

  it('a script that failed to load is asked for again on the next open', async () => {
    const chat = await chatModule();
    const failed = chat.module.supportChatLoad(CHAT);
    chat.scripts[0]?.onerror?.(new Event('error'));
    await expect(failed).rejects.toThrow(/did not load/);
    void chat.module.supportChatLoad(CHAT).catch(() => {});
    expect(chat.scripts).toHaveLength(2);
  });
});
