import { describe, expect, it } from 'vitest';
import { rewardLinkRead, rewardLinkWithout } from './reward-link';

describe('a reward link', () => {
  it('names its reward by id; a value that is not one is told apart from no parameter', () => {
    expect(rewardLinkRead('?reward=12')).toEqual({ id: 12, raw: '12' });
    expect(rewardLinkRead('?source=qr&reward=%2012%20')).toEqual({ id: 12, raw: '12' });
    expect(rewardLinkRead('?reward=abc')).toEqual({ id: null, raw: 'abc' });
    expect(rewardLinkRead('?reward=0')).toEqual({ id: null, raw: '0' });
    expect(rewardLinkRead('?reward=')).toEqual({ id: null, raw: '' });
    expect(rewardLinkRead('?source=qr')).toBeNull();
    expect(rewardLinkRead('')).toBeNull();
  });

  it('leaves the address with every other parameter as it was written, in its order', () => {
    expect(rewardLinkWithout('?reward=12')).toBe('');
    expect(rewardLinkWithout('?allowedOM=DELIVERY,TAKE_AWAY&reward=12&name=Luc%C3%ADa+P')).toBe(
      '?allowedOM=DELIVERY,TAKE_AWAY&name=Luc%C3%ADa+P',
    );
    expect(rewardLinkWithout('?reward=1&menu=a&reward=2&menu=b')).toBe('?menu=a&menu=b');
    expect(rewardLinkWithout('?rewards=1&x=%E0')).toBe('?rewards=1&x=%E0');
    expect(rewardLinkWithout('')).toBe('');
  });
});
