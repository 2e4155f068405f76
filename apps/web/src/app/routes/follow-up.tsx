import { orderErrorMessages } from '@comanda/domain/messages';
import { FOLLOW_UP_REFRESH_AFTER_UPDATE_MS } from '@comanda/domain/order-status';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/ui/toast';
import { useDinerEntity } from '../../features/entry/api/get-diner-entity';
import { followUpPayFlow } from '../../features/follow-up/api/order';
import { useFollowUpOrder } from '../../features/follow-up/api/use-follow-up-order';
import { FollowUpPage } from '../../features/follow-up/components/follow-up-page';
import { orderPath } from '../../features/follow-up/paths';
import { StorefrontLayout } from '../../features/shell/components/storefront-layout';
import { branchLogoUrl } from '../../lib/branch';
import { useNow } from '../../lib/ordering-state';
import { placedOrderRefresh } from '../../lib/placed-orders';
import { aliasPath } from '../../lib/storefront-path';
import { useBranchTheme } from '../../lib/theme';
import { installPromptEngage } from '../../stores/install-prompt-store';

/** `/menu/{alias}/order/{orderCode}`: the diner's follow-up of an order (follow-up §2.2). */
export function FollowUpRoute() {
  const { alias = '', orderCode = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const entity = useDinerEntity(alias);
  const contact =
    entity.status === 'success' && entity.data.type === 'BRANCH_CONTACT' ? entity.data.branchContact : null;
  const scheme = useBranchTheme(contact?.branch ?? null);
  const { load, refetch, replace, live } = useFollowUpOrder(orderCode);
  const now = useNow(30_000);
  const [paying, setPaying] = useState(false);
  const order = load.status === 'success' ? load.order : null;

  // Keep the status of an order this browser placed fresh for the header's 'PEDIDO EN CURSO'. The
  // checkout recorded it when it was placed; a code opened from a shared link was not placed here and
  // is not added (placedOrderRefresh only updates an order already known). Once the entity is back:
  // the orders are kept under its company's key (lib/storage-scope.ts).
  const entityLoaded = entity.status === 'success';
  useEffect(() => {
    if (!order || !entityLoaded) return;
    placedOrderRefresh({
      code: order.code,
      alias: order.branchContact.alias,
      orderedAt: order.orderedAt,
      scheduledAt: order.scheduled ? order.scheduledAt : null,
      status: order.status,
    });
  }, [order, entityLoaded]);

  // The code alone identifies the order; under another location's alias the
  // page would dress one venue's order in another's brand: go to its own URL.
  const orderAlias = order?.branchContact.alias;
  useEffect(() => {
    if (orderAlias && orderAlias !== alias)
      navigate(
        { pathname: orderPath(orderAlias, orderCode), search: window.location.search },
        { replace: true },
      );
  }, [orderAlias, alias, orderCode, navigate]);

  // Query flags: back from a redirect payment (token_ws), or asked to read again shortly (refreshAfterUpdate).
  const flagsHandled = useRef(false);
  const tokenWs = search.get('token_ws');
  const refreshAfterUpdate = search.has('refreshAfterUpdate');
  const loaded = load.status === 'success';
  // Read once: the page keeps its own state after landing, whatever the URL becomes.
  const [supportOpen] = useState(() => search.get('open_follow_up_support') === 'true');
  const showPwa = search.has('showPWA') && search.get('showPWA') !== 'false';
  // showPWA: the order is placed, the moment to offer the app; the prompt still
  // shows only if the browser offers installing (install-prompt-store).
  useEffect(() => {
    if (showPwa) installPromptEngage();
  }, [showPwa]);
  // Keyed on `loaded` alone: a live update or the token_ws clean-up must not restart or cancel the wait.
  useEffect(() => {
    if (!loaded || !refreshAfterUpdate) return;
    const timer = window.setTimeout(() => void refetch(), FOLLOW_UP_REFRESH_AFTER_UPDATE_MS);
    return () => window.clearTimeout(timer);
  }, [loaded, refreshAfterUpdate, refetch]);
  useEffect(() => {
    if (flagsHandled.current || load.status !== 'success') return;
    flagsHandled.current = true;
    if (tokenWs) {
      void refetch().then((fresh) => {
        const paid = (fresh ?? load.order).paymentStatus === 'PAID';
        toast(
          paid ? orderErrorMessages.paymentSucceeded : orderErrorMessages.paymentFailed,
          paid ? 'success' : 'error',
        );
      });
      const rest = new URLSearchParams(search);
      rest.delete('token_ws');
      const query = rest.toString();
      navigate({ search: query ? `?${query}` : '' }, { replace: true });
    }
  }, [load, tokenWs, refetch, toast, navigate, search]);

  // Stable: the page's wait for a pending payment depends on it.
  const onPaid = useCallback(
    (approved: boolean) => {
      toast(
        approved ? orderErrorMessages.paymentSucceeded : orderErrorMessages.paymentFailed,
        approved ? 'success' : 'error',
      );
      void refetch();
    },
    [toast, refetch],
  );

  const branch = contact?.branch;
  const body =
    load.status === 'missing' ? (
      <ErrorScreen
        title="Pedido no encontrado"
        message={`No encontramos el pedido "${orderCode}".`}
        back={{ href: aliasPath(alias), label: 'Volver al local' }}
      />
    ) : load.status === 'error' ? (
      <ErrorScreen
        title="No pudimos cargar el pedido"
        message="Revisa tu conexión e inténtalo nuevamente."
        onRetry={load.retry}
        back={{ href: aliasPath(alias), label: 'Volver al local' }}
      />
    ) : load.status === 'loading' ? (
      <Spinner label="Cargando el pedido…" />
    ) : (
      <FollowUpPage
        order={load.order}
        live={live}
        supportOpen={supportOpen}
        payFlow={
          // Unknown until the location's payment types arrive: paying waits for them.
          entity.status === 'loading' || entity.status === 'initial'
            ? null
            : followUpPayFlow(
                contact?.deliveryConfig.orderModes
                  .flatMap((mode) => mode.paymentTypes)
                  .find((type) => type.id === load.order.paymentType?.id)?.onlinePayment.providerName,
              )
        }
        timeZone={contact?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone}
        now={now}
        paying={paying}
        onPayingChange={setPaying}
        onPaid={onPaid}
        onReported={replace}
      />
    );

  return (
    <StorefrontLayout
      brandName={branch?.name ?? order?.branchContact.name ?? ''}
      logoUrl={branch ? branchLogoUrl(branch) : null}
      homeHref={aliasPath(alias)}
      aliasType="BRANCH_CONTACT"
      scheme={scheme}
    >
      {body}
    </StorefrontLayout>
  );
}
