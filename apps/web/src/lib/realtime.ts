import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';

/**
 * The web app's one Socket.IO client (follow-up, rider, tracking pages and the orders console). One
 * socket per page on the API's own origin, websocket transport only (the API
 * serves no polling). Rooms are joined with `join` (ack `{ ok }`) and joined
 * again after every reconnect, so a page never silently stops hearing events.
 *
 * Import this module only from lazily loaded routes: socket.io-client must not
 * reach the menu's first load.
 */

export type RealtimeState = 'connecting' | 'connected' | 'disconnected';

export interface RealtimeHandlers {
  /** Server events of this room, by event name (e.g. `order-updated`). */
  events: Record<string, (payload: unknown) => void>;
  /** The room was (re)joined: after the first join and after every reconnect. `first` is false on a rejoin, when the caller should refetch what it may have missed. */
  onJoined?: (first: boolean) => void;
  /** The server refused the room. */
  onRefused?: () => void;
}

export interface RealtimeOptions {
  /** Handshake auth (the console's staff session token). */
  auth?: Record<string, unknown>;
  /** What a room asks for besides its name (a tracking room: `{ orderCode }`); sent as `{ room, ...proof }`. */
  proof?: Record<string, unknown>;
}

let socket: Socket | null = null;
let socketAuthKey = '';
let state: RealtimeState = 'disconnected';
const stateListeners = new Set<(state: RealtimeState) => void>();
let joinCount = 0;

function stateSet(next: RealtimeState): void {
  if (state === next) return;
  state = next;
  for (const listener of stateListeners) listener(next);
}

function socketGet(options: RealtimeOptions): Socket {
  const authKey = JSON.stringify(options.auth ?? null);
  if (socket && socketAuthKey !== authKey) {
    socket.disconnect();
    socket = null;
  }
  if (socket) return socket;
  socketAuthKey = authKey;
  const created = io(window.location.origin, {
    transports: ['websocket'],
    auth: options.auth,
    reconnectionDelayMax: 5000,
  });
  created.on('connect', () => stateSet('connected'));
  created.on('disconnect', () => stateSet(created.active ? 'connecting' : 'disconnected'));
  created.on('connect_error', () => stateSet(created.active ? 'connecting' : 'disconnected'));
  stateSet('connecting');
  socket = created;
  return created;
}

/**
 * Joins `room` and calls the handlers for its events until the returned
 * `leave()` runs. Several joins share one socket; the socket closes when the
 * last one leaves. Socket.IO events carry no room name: two joins listening to
 * the same event name on one page both hear both rooms, so filter by payload.
 */
export function realtimeJoin(
  room: string,
  handlers: RealtimeHandlers,
  options: RealtimeOptions = {},
): () => void {
  const current = socketGet(options);
  joinCount += 1;
  let first = true;
  let left = false;

  const request = options.proof ? { ...options.proof, room } : room;
  const join = () => {
    current.emit('join', request, (answer: { ok?: boolean } | undefined) => {
      if (left) return;
      if (answer?.ok) {
        handlers.onJoined?.(first);
        first = false;
      } else {
        handlers.onRefused?.();
      }
    });
  };
  const listeners = Object.entries(handlers.events);
  for (const [event, handler] of listeners) current.on(event, handler);
  current.on('connect', join);
  if (current.connected) join();

  return () => {
    if (left) return;
    left = true;
    current.off('connect', join);
    for (const [event, handler] of listeners) current.off(event, handler);
    if (current.connected) current.emit('leave', room);
    joinCount -= 1;
    if (joinCount === 0 && socket === current) {
      current.disconnect();
      socket = null;
      stateSet('disconnected');
    }
  };
}

/** The socket's connection state now. */
export function realtimeState(): RealtimeState {
  return state;
}

/** Follows the connection state; returns the unsubscribe. */
export function realtimeStateSubscribe(listener: (state: RealtimeState) => void): () => void {
  stateListeners.add(listener);
  return () => {
    stateListeners.delete(listener);
  };
}

/** The connection state as React state. */
export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(realtimeStateSubscribe, realtimeState, () => 'disconnected');
}
