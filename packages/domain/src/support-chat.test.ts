import { describe, expect, it } from 'vitest';
import {
  SUPPORT_CHAT_OPEN_INTERVAL_MS,
  SUPPORT_CHAT_OPEN_TRIES,
  supportBannerOf,
  supportChatBaseUrlProblem,
  supportChatOpenStep,
  supportChatOrigin,
  supportChatTokenValid,
} from './support-chat';

describe('ordering §9 Chatbot open retry: up to 10 tries, 200 ms apart', () => {
  it('keeps the spec constants', () => {
    expect(SUPPORT_CHAT_OPEN_TRIES).toBe(10);
    expect(SUPPORT_CHAT_OPEN_INTERVAL_MS).toBe(200);
  });

  it('opens at once when the script is ready', () => {
    expect(supportChatOpenStep(0, true)).toEqual({ action: 'OPEN' });
    expect(supportChatOpenStep(9, true)).toEqual({ action: 'OPEN' });
  });

  it('waits 200 ms between tries while the script is not ready', () => {
    expect(supportChatOpenStep(0, false)).toEqual({ action: 'WAIT', delayMs: 200 });
    expect(supportChatOpenStep(8, false)).toEqual({ action: 'WAIT', delayMs: 200 });
  });

  it('gives up on the tenth unready try, never waiting an eleventh time', () => {
    expect(supportChatOpenStep(9, false)).toEqual({ action: 'GIVE_UP' });
    expect(supportChatOpenStep(10, true)).toEqual({ action: 'GIVE_UP' });
  });

  it('a script that never gets ready is looked at exactly 10 times, 9 waits of 200 ms apart', () => {
    let tried = 0;
    let waited = 0;
    for (;;) {
      const step = supportChatOpenStep(tried, false);
      tried += 1;
      if (step.action !== 'WAIT') break;
      waited += step.delayMs;
    }
    expect(tried).toBe(10);
    expect(waited).toBe(1800);
  });

  it('refuses a count that is not a number of tries', () => {
    expect(() => supportChatOpenStep(-1, true)).toThrow(RangeError);
    expect(() => supportChatOpenStep(1.5, true)).toThrow(RangeError);
  });
});

describe('ADR 040 chat server and website token', () => {
  it.each([
    ['https://chat.example.com', null],
    ['https://chat.example.com/', null],
    ['https://chat.example.com:8443', null],
    ['http://localhost:3000', null],
    ['http://127.0.0.1:4100', null],
    ['http://chat.example.com', 'NOT_HTTPS'],
    ['ftp://chat.example.com', 'NOT_HTTPS'],
    ['javascript:alert(1)', 'NOT_HTTPS'],
    ['https://chat.example.com/widget', 'NOT_ORIGIN'],
    ['https://chat.example.com?x=1', 'NOT_ORIGIN'],
    ['https://user:pw@chat.example.com', 'NOT_ORIGIN'],
    ['https://Chat.Example.com', 'NOT_ORIGIN'],
    ['https://chat.example.com:99999', 'NOT_ORIGIN'],
    ['https://chat.example.com#x', 'NOT_ORIGIN'],
    ['http://localhost.evil.com', 'NOT_HTTPS'],
    ['http://127.0.0.1@evil.com', 'NOT_HTTPS'],
    ['https://', 'INVALID'],
    ['chat.example.com', 'INVALID'],
    ['', 'INVALID'],
  ])('%s → %s', (url, problem) => {
    expect(supportChatBaseUrlProblem(url)).toBe(problem);
  });

  it('the allowed origin is the base URL without its slash', () => {
    expect(supportChatOrigin('https://chat.example.com/')).toBe('https://chat.example.com');
  });

  it.each([
    ['Fdm5ypwCWKm8fAEpf9w2Rqsm', true],
    ['b6BejyTTuxF4yPt61ZTZHjdB', true],
    ['short', false],
    ['has spaces in the token', false],
    ['quote"injected"tokenvalue', false],
    ['x'.repeat(65), false],
  ])('token %s valid: %s', (token, valid) => {
    expect(supportChatTokenValid(token)).toBe(valid);
  });
});

describe('ordering §2 Menu home: a support/loyalty banner', () => {
  it('is absent with neither a programme nor a chat', () => {
    expect(supportBannerOf({ loyaltyProgramName: null, chat: false })).toBeNull();
    expect(supportBannerOf({ loyaltyProgramName: '  ', chat: false })).toBeNull();
  });

  it("names the loyalty programme and offers 'Mis {name}'", () => {
    expect(supportBannerOf({ loyaltyProgramName: 'Brasitas', chat: false })).toEqual({
      title: 'Suma Brasitas con cada pedido',
      loyaltyLabel: 'Mis Brasitas',
      chatLabel: null,
    });
  });

  it('offers the chat alone', () => {
    expect(supportBannerOf({ loyaltyProgramName: null, chat: true })).toEqual({
      title: '¿Tienes dudas? Te ayudamos',
      loyaltyLabel: null,
      chatLabel: 'Escríbenos por chat',
    });
  });

  it('offers both when the location has both', () => {
    const banner = supportBannerOf({ loyaltyProgramName: 'Brasitas', chat: true });
    expect(banner?.loyaltyLabel).toBe('Mis Brasitas');
    expect(banner?.chatLabel).toBe('Escríbenos por chat');
  });
});
