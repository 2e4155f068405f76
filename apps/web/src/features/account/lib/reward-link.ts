/**
 * A venue's reward link (ADR 029): its location's page with `?reward={id}`.
 * The parameter is read once, then taken out of the address so that a reload
 * or a copy of the address does not offer the reward again.
 */

export const REWARD_LINK_PARAM = 'reward';

/** The reward a link names: null when it has none; `id` null when the value is not an id. */
export function rewardLinkRead(search: string): { id: number | null; raw: string } | null {
  const raw = new URLSearchParams(search).get(REWARD_LINK_PARAM);
  if (raw === null) return null;
  const trimmed = raw.trim();
  const id = /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : 0;
  return { id: id > 0 ? id : null, raw: trimmed };
}

/**
 * The same query without the reward ('' when nothing else is left): every
 * other parameter is kept as it was written, in its order (not re-encoded).
 */
export function rewardLinkWithout(search: string): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && paramName(pair) !== REWARD_LINK_PARAM);
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

function paramName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}
