import type { RiderShiftVariant } from '@comanda/domain/rider-forms';
import { useParams } from 'react-router';
import { RiderShiftPage } from '../../features/rider/components/shift-page';
import { NotFoundRoute } from './not-found';
import { RiderLocationGate } from './rider-location';

const VARIANTS: readonly RiderShiftVariant[] = ['phoneIntake', 'register', 'logIn', 'logOut', 'success'];

/** `/logistics/{alias}/rider/{registerPageVariant}`: the rider shift page (follow-up §2.7). */
export function RiderShiftRoute() {
  const { registerPageVariant = '' } = useParams();
  const variant = VARIANTS.find((candidate) => candidate === registerPageVariant);
  if (!variant) return <NotFoundRoute />;
  return (
    <RiderLocationGate brand={false}>
      {(location) => <RiderShiftPage key={variant} location={location} variant={variant} />}
    </RiderLocationGate>
  );
}
