import { useParams } from 'react-router';
import { RiderDetailPage } from '../../features/rider/components/detail-page';
import { NotFoundRoute } from './not-found';
import { RiderLocationGate } from './rider-location';
import '../../features/rider/rider-detail.css';

/** `/logistics/{alias}/shipments/{shipmentType}/{shipmentId}`: a shipment or a stack (follow-up §2.6). */
export function RiderShipmentRoute() {
  const { shipmentType = '', shipmentId = '' } = useParams();
  const id = Number(shipmentId);
  if ((shipmentType !== 'simple' && shipmentType !== 'stack') || !Number.isSafeInteger(id) || id <= 0)
    return <NotFoundRoute />;
  return (
    <RiderLocationGate>
      {(location) => (
        <RiderDetailPage key={`${shipmentType}-${id}`} location={location} kind={shipmentType} id={id} />
      )}
    </RiderLocationGate>
  );
}
