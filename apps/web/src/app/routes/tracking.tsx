import { useParams } from 'react-router';
import { useDinerEntity } from '../../features/entry/api/get-diner-entity';
import { TrackingPage } from '../../features/tracking/components/tracking-page';
import { useTracking } from '../../features/tracking/hooks/use-tracking';
import { useNow } from '../../lib/ordering-state';
import { useBranchTheme } from '../../lib/theme';
import { colorSchemeChoose } from '../../stores/color-scheme-store';
import { NotFoundRoute } from './not-found';

/**
 * `/logistics/tracking/order/{alias}/{orderCode}`: the customer's live map of
 * a delivery (follow-up §2.8). The alias's entity dresses it in the branch's
 * colours and names the company whose storage remembers the code dialog; an
 * order code the API does not know for this alias is the catch-all page.
 */
export function TrackingRoute() {
  const { alias = '', orderCode = '' } = useParams();
  const tracking = useTracking(alias, orderCode);
  const entity = useDinerEntity(alias);
  const branch =
    entity.status === 'success' && entity.data.type === 'BRANCH_CONTACT'
      ? entity.data.branchContact.branch
      : null;
  const scheme = useBranchTheme(branch);
  // The age of the rider's last position is read against this clock.
  const now = useNow(15_000);
  if (tracking.missing) return <NotFoundRoute />;
  return (
    <TrackingPage
      key={orderCode}
      orderCode={orderCode}
      tracking={tracking}
      now={now}
      scheme={scheme}
      onSchemeChange={colorSchemeChoose}
      storageReady={entity.status === 'success' || entity.status === 'error'}
    />
  );
}
