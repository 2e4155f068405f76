import { describe, expect, it } from 'vitest';
import {
  NOTES_DEFAULT_LIMIT,
  notesApplyInput,
  notesCounter,
  notesLength,
  notesLimit,
  notesWithinLimit,
} from './notes';

describe('ordering §5 Cart and menu: notes limits', () => {
  it.each([
    [undefined, 'order', 250],
    [{}, 'item', 250],
    [
      { orderNotesLimit: 250, hasOrderNotesLimit: true, itemNotesLimit: 120, hasItemNotesLimit: true },
      'item',
      120,
    ],
    [{ orderNotesLimit: 100 }, 'order', 100],
    [{ hasOrderNotesLimit: false, hasItemNotesLimit: false }, 'order', null],
    [{ hasOrderNotesLimit: false, hasItemNotesLimit: false }, 'item', null],
    [{ itemNotesLimit: -1 }, 'item', 250],
  ] as const)('notesLimit(%o, %s) = %s', (customization, kind, limit) => {
    expect(notesLimit(customization, kind)).toBe(limit);
  });

  it('defaults to 250', () => {
    expect(NOTES_DEFAULT_LIMIT).toBe(250);
  });

  it('ignores input beyond the limit', () => {
    expect(notesApplyInput('sin cebolla', 3)).toBe('sin');
    expect(notesApplyInput('sin', 3)).toBe('sin');
    expect(notesApplyInput('x'.repeat(300), null)).toHaveLength(300);
    expect(notesApplyInput('ab🍔cd', 3)).toBe('ab🍔');
  });

  it('counts x/limit', () => {
    expect(notesCounter('sin cebolla', 120)).toBe('11/120');
    expect(notesCounter('🍔🍔', 250)).toBe('2/250');
    expect(notesCounter('abc', null)).toBeNull();
    expect(notesLength('ñandú')).toBe(5);
    expect(notesWithinLimit('abcd', 3)).toBe(false);
    expect(notesWithinLimit('abcd', null)).toBe(true);
  });
});
