import { Navigate } from 'react-router';
import { riderLastLocationGet } from '../../features/rider/lib/session';
import { riderListPath, riderNotFoundPath } from '../../features/rider/paths';

/**
 * `/logistics/`: where the installed rider app opens (rider.webmanifest's
 * start_url; a manifest cannot name the location). The 'Envíos' of the last
 * location this device opened rider pages of; it sends a rider with no shift
 * here to the shift page.
 */
export function RiderStartRoute() {
  const alias = riderLastLocationGet();
  return (
    <Navigate
      replace
      to={
        alias
          ? riderListPath(alias)
          : riderNotFoundPath('Abre el enlace de repartidores que te dio el local.')
      }
    />
  );
}
