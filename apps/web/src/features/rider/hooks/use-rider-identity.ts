import { shipmentMessages } from '@comanda/domain/messages';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { riderWhoami } from '../api/rider-api';
import { type RiderSession, riderSessionGet, riderSessionSet } from '../lib/session';
import { riderNotFoundPath, riderShiftPath } from '../paths';
import type { RiderLocation } from '../types';

/** Who is on shift on this device: the session's token and the rider the server says it belongs to. */
export type RiderIdentity =
  | { status: 'loading' }
  | {
      status: 'ready';
      session: RiderSession;
      rider: { id: number; name: string; phone: string };
      /** The identity call got no answer (offline): the rider is the one the session was opened for. */
      unconfirmed: boolean;
    };

/**
 * Reads the shift session and confirms it with `GET /api/whoami`. No session
 * on this device: the shift page. The server refuses it (ended, expired, or
 * another location's): the not-found page with 'Acceso denegado o link
 * expirado' (follow-up §6). No answer at all: the stored identity, so a rider
 * who opens the app offline still sees their shipment.
 */
export function useRiderIdentity(location: RiderLocation): RiderIdentity {
  const navigate = useNavigate();
  const [identity, setIdentity] = useState<RiderIdentity>({ status: 'loading' });
  const { branchContactId, alias } = location;

  useEffect(() => {
    const session = riderSessionGet(branchContactId);
    if (!session) {
      navigate(riderShiftPath(alias, 'phoneIntake'), { replace: true });
      return;
    }
    const controller = new AbortController();
    riderWhoami(session.token, controller.signal).then(
      (who) => {
        if (who.branchContact.id !== branchContactId) {
          navigate(riderNotFoundPath(shipmentMessages.accessDenied), { replace: true });
          return;
        }
        setIdentity({
          status: 'ready',
          session,
          rider: { id: who.riderId, name: who.name, phone: who.phone },
          unconfirmed: false,
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError) {
          if (error.status === 401) riderSessionSet(branchContactId, null);
          navigate(riderNotFoundPath(shipmentMessages.accessDenied), { replace: true });
          return;
        }
        setIdentity({
          status: 'ready',
          session,
          rider: { id: session.riderId, name: session.name, phone: session.phone },
          unconfirmed: true,
        });
      },
    );
    return () => controller.abort();
  }, [branchContactId, alias, navigate]);

  return identity;
}
