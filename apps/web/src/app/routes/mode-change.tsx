import { useEffect } from 'react';
import { useOrderModeChange } from '../../hooks/use-order-mode-change';
import type { ApiOrderMode } from '../../types/api';

/**
 * A mode tab was chosen on the menu: go to that mode, asking first when the
 * cart has items (see `useOrderModeChange`). Loaded on the first
 * tab click, so the menu's first load does not carry the cart checks.
 */
export function ModeChange({
  mode,
  alias,
  branchContactId,
  hashes,
  onCancel,
}: {
  mode: ApiOrderMode;
  alias: string;
  branchContactId: number;
  hashes: ReadonlyMap<number, string>;
  onCancel: () => void;
}) {
  const { choose, dialog } = useOrderModeChange({ alias, branchContactId, hashes, onCancel });
  // biome-ignore lint/correctness/useExhaustiveDependencies: one change per requested mode.
  useEffect(() => choose(mode), [mode]);
  return dialog;
}
