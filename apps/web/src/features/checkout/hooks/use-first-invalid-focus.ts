/**
 * A send with problems never does nothing (issue 18, ADR 046): after a refused
 * send, the first field marked invalid, in the page's order, is scrolled into
 * view and focused, so its message (tied by `aria-describedby`) is read with
 * it. A field marks itself with `aria-invalid` (an input) or `data-invalid` (a
 * group: the payment types, the address, the schedule, the checks that belong
 * to no field); a group hands the focus to its first control.
 */
import { type RefObject, useEffect, useState } from 'react';

const INVALID = '[aria-invalid="true"], [data-invalid="true"]';
const FOCUSABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/** Focuses the first invalid field inside `container`; its message, or null when none is invalid. */
export function firstInvalidFocus(container: HTMLElement): string | null {
  const invalid = container.querySelector<HTMLElement>(INVALID);
  if (!invalid) return null;
  const target = invalid.matches(FOCUSABLE) ? invalid : invalid.querySelector<HTMLElement>(FOCUSABLE);
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  invalid.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  if (target) target.focus({ preventScroll: true });
  else {
    // A group with nothing to press (no payment type to choose) still takes the focus, to be read.
    invalid.tabIndex = -1;
    invalid.focus({ preventScroll: true });
  }
  const describedBy =
    (target ?? invalid).getAttribute('aria-describedby') ?? invalid.getAttribute('aria-describedby');
  const message = describedBy
    ?.split(' ')
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return message || invalid.textContent?.trim() || null;
}

/**
 * Runs `firstInvalidFocus` after each refused send (`attempt` grows by one
 * each time), once the errors render; returns the message to announce in an
 * `aria-live` region (emptied first, so the same message is read again).
 */
export function useFirstInvalidFocus(container: RefObject<HTMLElement | null>, attempt: number): string {
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (attempt === 0 || !container.current) return;
    setAnnouncement('');
    const message = firstInvalidFocus(container.current);
    const timer = window.setTimeout(() => setAnnouncement(message ?? ''), 50);
    return () => window.clearTimeout(timer);
  }, [attempt, container]);
  return announcement;
}
