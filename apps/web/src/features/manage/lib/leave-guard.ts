/**
 * Unsaved changes in a management tab: the tab says whether it has some, and
 * the shell asks before switching tab or location; the browser asks before
 * leaving the page.
 */
import { useEffect } from 'react';

export const LEAVE_QUESTION = 'Tiene cambios sin guardar. ¿Salir de todos modos y perderlos?';

let dirty = false;

/** Whether leaving the current tab may go ahead (asks when it has unsaved changes). */
export function leaveAllowed(): boolean {
  if (!dirty || window.confirm(LEAVE_QUESTION)) {
    dirty = false;
    return true;
  }
  return false;
}

/** Marks the tab as having unsaved changes while `unsaved` is true. */
export function useLeaveGuard(unsaved: boolean): void {
  useEffect(() => {
    dirty = unsaved;
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      dirty = false;
      window.removeEventListener('beforeunload', warn);
    };
  }, [unsaved]);
}
