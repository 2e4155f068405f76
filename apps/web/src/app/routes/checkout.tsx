import { useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { Spinner } from '../../components/spinner';
import { CheckoutScreen } from '../../features/checkout/components/checkout-screen';
import { useDinerEntity } from '../../features/entry/api/get-diner-entity';
import { ApiError } from '../../lib/api-client';
import { aliasPath } from '../../lib/storefront-path';

/** `/menu/{alias}/checkout`: 'Confirmación del pedido' (ordering §2), its own lazy chunk. */
export function CheckoutRoute() {
  const { alias = '' } = useParams();
  const { search } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const entity = useDinerEntity(alias, attempt);
  if (entity.status === 'error') {
    const missing = entity.error instanceof ApiError && entity.error.status === 404;
    return missing ? (
      <ErrorScreen
        title="Local no encontrado"
        message={`No existe ningún local con la dirección "${alias}".`}
      />
    ) : (
      <ErrorScreen
        title="No pudimos cargar el local"
        message="Revisa tu conexión e inténtalo nuevamente."
        onRetry={() => setAttempt((value) => value + 1)}
      />
    );
  }
  if (entity.status !== 'success') return <Spinner />;
  if (entity.data.type !== 'BRANCH_CONTACT') return <Navigate to={`${aliasPath(alias)}${search}`} replace />;
  return <CheckoutScreen contact={entity.data.branchContact} country={entity.data.country} />;
}
