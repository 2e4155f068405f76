import { useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { AliasErrorScreen } from '../../components/error-screen';
import { Spinner } from '../../components/spinner';
import { CheckoutScreen } from '../../features/checkout/components/checkout-screen';
import { useDinerEntity } from '../../features/entry/api/get-diner-entity';
import { aliasPath } from '../../lib/storefront-path';

/** `/menu/{alias}/checkout`: 'Confirmación del pedido' (ordering §2), its own lazy chunk. */
export function CheckoutRoute() {
  const { alias = '' } = useParams();
  const { search } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const entity = useDinerEntity(alias, attempt);
  if (entity.status === 'error') {
    return (
      <AliasErrorScreen alias={alias} error={entity.error} onRetry={() => setAttempt((value) => value + 1)} />
    );
  }
  if (entity.status !== 'success') return <Spinner />;
  if (entity.data.type !== 'BRANCH_CONTACT') return <Navigate to={`${aliasPath(alias)}${search}`} replace />;
  return <CheckoutScreen contact={entity.data.branchContact} country={entity.data.country} />;
}
