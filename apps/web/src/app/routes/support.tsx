import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { Spinner } from '../../components/spinner';
import { useDinerEntity } from '../../features/entry/api/get-diner-entity';
import { type FollowUpOrder, followUpOrderGet } from '../../features/follow-up/api/order';
import { orderPath } from '../../features/follow-up/paths';
import { StorefrontLayout } from '../../features/shell/components/storefront-layout';
import { SupportPage } from '../../features/support/components/support-page';
import { branchLogoUrl } from '../../lib/branch';
import { useBranchTheme } from '../../lib/theme';
import '../../features/follow-up/follow-up.css';

/** `/soporte?referenceId={orderCode}`: the venue's contacts for an order (public follow-up read only). */
export function SupportRoute() {
  const [search] = useSearchParams();
  const code = search.get('referenceId') ?? '';
  const [state, setState] = useState<
    | { status: 'loading' }
    | { status: 'missing' }
    | { status: 'error' }
    | { status: 'success'; order: FollowUpOrder }
  >({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` retries the read.
  useEffect(() => {
    if (!/^[A-Za-z0-9]{6,32}$/.test(code)) {
      setState({ status: 'missing' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    followUpOrderGet(code, controller.signal).then(
      (order) => setState({ status: 'success', order }),
      (error: { status?: number }) => {
        if (controller.signal.aborted) return;
        setState({ status: error.status === 404 || error.status === 400 ? 'missing' : 'error' });
      },
    );
    return () => controller.abort();
  }, [code, attempt]);

  const alias = state.status === 'success' ? state.order.branchContact.alias : '';
  const entity = useDinerEntity(alias);
  const contact =
    entity.status === 'success' && entity.data.type === 'BRANCH_CONTACT' ? entity.data.branchContact : null;
  const scheme = useBranchTheme(contact?.branch ?? null);

  if (state.status === 'missing')
    return <ErrorScreen title="Pedido no encontrado" message="No encontramos el pedido indicado." />;
  if (state.status === 'error')
    return (
      <ErrorScreen
        title="No pudimos cargar el pedido"
        message="Revisa tu conexión e inténtalo nuevamente."
        onRetry={() => setAttempt((value) => value + 1)}
      />
    );
  if (state.status === 'loading') return <Spinner label="Cargando…" />;
  const { order } = state;
  return (
    <StorefrontLayout
      brandName={contact?.branch.name ?? order.branchContact.name}
      logoUrl={contact ? branchLogoUrl(contact.branch) : null}
      homeHref={orderPath(order.branchContact.alias, order.code)}
      aliasType="BRANCH_CONTACT"
      scheme={scheme}
    >
      {entity.status === 'loading' ? (
        <Spinner />
      ) : (
        <>
          <SupportPage
            orderCode={order.code}
            venueName={order.branchContact.name}
            contact={contact}
            whatsAppPhone={order.branchContact.whatsAppPhone}
          />
          <p className="follow-up__support">
            <Link className="link" to={orderPath(order.branchContact.alias, order.code)}>
              Volver al pedido
            </Link>
          </p>
        </>
      )}
    </StorefrontLayout>
  );
}
