import type { ReactNode } from 'react';
import { useDinerEntity } from '../../features/entry/api/get-diner-entity';
import { TrackingPage } from '../../features/tracking/components/tracking-page';
import { useTracking } from '../../features/tracking/hooks/use-tracking';
import { useBranchTheme } from '../../lib/theme';
import { useNow } from '../../lib/use-now';
import { colorSchemeChoose } from '../../stores/color-scheme-store';

/**
 * The customer's live map of a delivery (follow-up §2.8), for an alias and an
 * order code. The alias's entity dresses it in the branch's colours and names
 * the company whose storage remembers the code dialog; an order code the API
 * does not know for this alias shows `notFound` (the catch-all page).
 *
 * Free of the router: a tracking link opened directly renders this from its
 * own entry (app/tracking-bootstrap.tsx), without the storefront's code.
 */
export function TrackingScreen({
  alias,
  orderCode,
  notFound,
}: {
  alias: string;
  orderCode: string;
  notFound: ReactNode;
}) {
  const tracking = useTracking(alias, orderCode);
  const entity = useDinerEntity(alias);
  const branch =
    entity.status === 'success' && entity.data.type === 'BRANCH_CONTACT'
      ? entity.data.branchContact.branch
      : null;
  const scheme = useBranchTheme(branch);
  // The age of the rider's last position is read against this clock.
  const now = useNow(15_000);
  if (tracking.missing) return notFound;
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
