import { shipmentMessages } from '@comanda/domain/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { type RiderShipment, type RiderStack, type RiderTarget, riderTargetGet } from '../api/rider-api';
import { riderSessionSet } from '../lib/session';
import { riderNotFoundPath } from '../paths';

export type TargetLoad =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'success'; target: RiderTarget };

/**
 * One shipment or stack, read again on demand (refresh, a realtime event,
 * after a change). A failed first read shows 'Hubo un error buscando el envío,
 * vuelva a intentarlo en unos minutos' (§8); a failed refresh keeps what is on
 * screen and says so. A session the server no longer takes leads to the
 * not-found page ('Acceso denegado o link expirado'); a rider without
 * permission to see shipments (403), to it with 'No tienes permisos para ver
 * los envíos' (§6).
 */
export function useRiderTarget(
  token: string,
  branchContactId: number,
  kind: 'simple' | 'stack',
  id: number,
): { load: TargetLoad; refetch: () => void; answered: (kind: 'simple' | 'stack', answer: unknown) => void } {
  const navigate = useNavigate();
  const toast = useToast();
  const [load, setLoad] = useState<TargetLoad>({ status: 'loading' });
  const latest = useRef(0);
  const hasData = useRef(false);

  const refetch = useCallback(() => {
    // Offline, what is on screen (with the rider's pending changes) is the best there is.
    if (hasData.current && navigator.onLine === false) return;
    const request = ++latest.current;
    riderTargetGet(token, kind, id).then(
      (target) => {
        if (request !== latest.current) return;
        hasData.current = true;
        setLoad({ status: 'success', target });
      },
      (error: unknown) => {
        if (request !== latest.current) return;
        if (error instanceof ApiError && error.status === 401) {
          riderSessionSet(branchContactId, null);
          navigate(riderNotFoundPath(shipmentMessages.accessDenied), { replace: true });
          return;
        }
        if (error instanceof ApiError && error.status === 403) {
          toast(shipmentMessages.noPermission, 'error');
          navigate(riderNotFoundPath(shipmentMessages.noPermission), { replace: true });
          return;
        }
        toast(shipmentMessages.fetchFailed, 'error');
        if (!hasData.current) setLoad({ status: 'failed', message: shipmentMessages.fetchFailed });
      },
    );
  }, [token, branchContactId, kind, id, navigate, toast]);

  /**
   * A change's answer is the shipment (or stack) as it now is: shown at once,
   * before (and whatever becomes of) the read that follows. A shipment of the
   * stack on screen takes its place in it.
   */
  const answered = useCallback((endpoint: 'simple' | 'stack', answer: unknown) => {
    latest.current += 1;
    setLoad((previous) => {
      if (previous.status !== 'success') return previous;
      const current = previous.target;
      if (endpoint === 'stack' && current.kind === 'stack')
        return { status: 'success', target: { kind: 'stack', stack: answer as RiderStack } };
      const shipment = answer as RiderShipment;
      if (current.kind === 'simple')
        return current.shipment.id === shipment.id
          ? { status: 'success', target: { kind: 'simple', shipment } }
          : previous;
      return {
        status: 'success',
        target: {
          kind: 'stack',
          stack: {
            ...current.stack,
            shipments: current.stack.shipments.map((each) => (each.id === shipment.id ? shipment : each)),
          },
        },
      };
    });
  }, []);

  useEffect(() => {
    hasData.current = false;
    setLoad({ status: 'loading' });
    refetch();
  }, [refetch]);

  return { load, refetch, answered };
}
