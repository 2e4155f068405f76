import { RiderRedirectPage } from '../../features/rider/components/redirect-page';
import { RiderLocationGate } from './rider-location';

/** `/logistics/{alias}/rider/{riderId}/shipments`: the invisible redirect page (follow-up §2.1). */
export function RiderRedirectRoute() {
  return <RiderLocationGate>{(location) => <RiderRedirectPage location={location} />}</RiderLocationGate>;
}
