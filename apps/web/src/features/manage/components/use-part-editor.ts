/**
 * One part of the menu being edited (a menu, the garnish groups, the
 * discounts): read with its version, changed in a draft, checked locally,
 * saved over the version read. The server's per-field messages land on the
 * fields they name; a save that lost a race keeps the editor's draft and
 * offers the stored part, with what the editor had changed still listed.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { ChangedValue } from '../api/manage-api';
import { MENU_PARTS, menuPartGet, menuPartSave, type PartRead } from '../api/menu-api';
import { useLeaveGuard } from '../lib/leave-guard';
import { draftChanges, type FieldErrors, serverFieldPath } from '../lib/menu-draft';

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string };

export interface PartEditor<T> {
  draft: T | null;
  setDraft: (update: (draft: T) => T) => void;
  dirty: boolean;
  errors: FieldErrors;
  save: () => void;
  state: SaveState;
  /** Set when someone else saved first: the part as stored now, and what this editor had changed. */
  conflict: { current: PartRead<T>; mine: ChangedValue[]; loaded: boolean } | null;
  loadCurrent: () => void;
}

export function usePartEditor<T>(
  token: string,
  part: keyof typeof MENU_PARTS,
  brandId: number,
  menuKey: string | undefined,
  localCheck: (draft: T) => FieldErrors,
  onFailure: (error: unknown) => void,
): PartEditor<T> {
  const [base, setBase] = useState<PartRead<T> | null>(null);
  const [draft, setDraftState] = useState<T | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [conflict, setConflict] = useState<PartEditor<T>['conflict']>(null);

  useEffect(() => {
    menuPartGet<T>(token, part, brandId, menuKey).then((read) => {
      setBase(read);
      setDraftState(structuredClone(read.value));
    }, onFailure);
  }, [token, part, brandId, menuKey, onFailure]);

  const dirty = Boolean(base && draft && JSON.stringify(base.value) !== JSON.stringify(draft));
  useLeaveGuard(dirty);

  const setDraft = useCallback((update: (draft: T) => T) => {
    setDraftState((current) => (current === null ? current : update(current)));
    setState((current) => (current.kind === 'saved' ? { kind: 'idle' } : current));
  }, []);

  const save = () => {
    if (!base || !draft) return;
    const local = localCheck(draft);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setState({ kind: 'invalid', message: 'Revise los datos marcados antes de guardar.' });
      return;
    }
    setState({ kind: 'saving' });
    menuPartSave<T>(token, part, brandId, { version: base.version, value: draft, menuKey }).then(
      (saved) => {
        setBase(saved);
        setDraftState(structuredClone(saved.value));
        setErrors({});
        setConflict(null);
        setState({ kind: 'saved' });
      },
      (error: unknown) => {
        if (!(error instanceof ApiError) || error.status === 401) {
          onFailure(error);
          setState({ kind: 'failed', message: 'No se pudo guardar. Revise la conexión e intente de nuevo.' });
          return;
        }
        if (error.status === 409) {
          const current = (error.body as { current?: PartRead<T> }).current;
          if (current) setConflict({ current, mine: draftChanges(base.value, draft), loaded: false });
          setState({ kind: 'idle' });
          return;
        }
        if (error.status === 400) {
          // Every message, even the validator's lower-case fragments: each is shown at its field.
          const fields = (error.body as { fields?: Record<string, string> }).fields ?? {};
          const field = MENU_PARTS[part].field;
          setErrors(
            Object.fromEntries(
              Object.entries(fields).map(([path, text]) => [serverFieldPath(path, field), text]),
            ),
          );
          setState({ kind: 'invalid', message: 'El servidor no aceptó algunos datos: revise los marcados.' });
          return;
        }
        setState({ kind: 'failed', message: error.message });
      },
    );
  };

  const loadCurrent = () => {
    if (!conflict) return;
    setBase(conflict.current);
    setDraftState(structuredClone(conflict.current.value));
    setErrors({});
    // The list of what this editor had changed stays in sight until the next save.
    setConflict({ ...conflict, loaded: true });
    setState({ kind: 'idle' });
  };

  return { draft, setDraft, dirty, errors, save, state, conflict, loadCurrent };
}
