import { RiderListPage } from '../../features/rider/components/list-page';
import { RiderLocationGate } from './rider-location';

/** `/logistics/{alias}/shipments`: the rider's 'Envíos' list (follow-up §2.5). */
export function RiderShipmentsRoute() {
  return <RiderLocationGate>{(location) => <RiderListPage location={location} />}</RiderLocationGate>;
}
