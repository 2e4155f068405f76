import { shipmentMessages } from '@comanda/domain/messages';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { riderInProgress } from '../api/rider-api';
import { riderSessionGet, riderSessionSet } from '../lib/session';
import { riderDetailPath, riderListPath, riderNotFoundPath, riderShiftPath } from '../paths';
import type { RiderLocation } from '../types';

/**
 * `/logistics/{alias}/rider/{riderId}/shipments`, the invisible redirect page
 * (§2.1): the rider's shipment or stack in progress if there is one, else the
 * 'Envíos' list. Who the rider is comes from the shift's token, not from the
 * link's id.
 */
export function RiderRedirectPage({ location }: { location: RiderLocation }) {
  const navigate = useNavigate();
  const { branchContactId, alias } = location;

  useEffect(() => {
    const session = riderSessionGet(branchContactId);
    if (!session) {
      navigate(riderShiftPath(alias, 'phoneIntake'), { replace: true });
      return;
    }
    const controller = new AbortController();
    riderInProgress(session.token, controller.signal).then(
      (current) => {
        if (!current) navigate(riderListPath(alias), { replace: true });
        else if (current.kind === 'simple')
          navigate(riderDetailPath(alias, 'simple', current.shipment.id), { replace: true });
        else navigate(riderDetailPath(alias, 'stack', current.stack.id), { replace: true });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          riderSessionSet(branchContactId, null);
          navigate(riderNotFoundPath(shipmentMessages.accessDenied), { replace: true });
          return;
        }
        // Anything else: the list, which tells what is wrong (403, no connection…).
        navigate(riderListPath(alias), { replace: true });
      },
    );
    return () => controller.abort();
  }, [branchContactId, alias, navigate]);

  return <Spinner label="Buscando tu envío en curso…" />;
}
