import { useParams } from 'react-router';
import { NotFoundRoute } from './not-found';
import { TrackingScreen } from './tracking-screen';

/** `/logistics/tracking/order/{alias}/{orderCode}` reached inside the app (the follow-up's link). */
export function TrackingRoute() {
  const { alias = '', orderCode = '' } = useParams();
  return (
    <TrackingScreen
      key={`${alias}/${orderCode}`}
      alias={alias}
      orderCode={orderCode}
      notFound={<NotFoundRoute />}
    />
  );
}
