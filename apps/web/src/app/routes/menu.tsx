import { menuDiscountForPlate } from '@comanda/domain/menu-discount';
import { cartMessages } from '@comanda/domain/messages';
import { paymentTypesUsable } from '@comanda/domain/payment-type';
import { supportBannerOf } from '@comanda/domain/support-chat';
import { zonedDayOfWeek } from '@comanda/domain/zoned-time';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { AliasErrorScreen, ErrorScreen } from '../../components/error-screen';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/ui/toast';
import { BranchHeader } from '../../features/branch-header/components/branch-header';
import { OrderingNotice } from '../../features/branch-header/components/ordering-notice';
import { useDinerEntity } from '../../features/entry/api/get-diner-entity';
import { useMenu } from '../../features/menu/api/get-menu';
import { useMenuCustomizationState, useMenuHashes } from '../../features/menu/api/get-menu-extras';
import { MenuHome, type MenuLinks } from '../../features/menu/components/menu-home';
import { imageUrl } from '../../features/menu/components/plate-image';
import { SupportBanner } from '../../features/menu/components/support-banner';
import { StorefrontLayout } from '../../features/shell/components/storefront-layout';
import { useMarketingTags } from '../../hooks/use-marketing-tags';
import { useWideLayout } from '../../hooks/use-wide-layout';
import { analyticsTrack } from '../../lib/analytics';
import { appRememberStorefront } from '../../lib/app-environment';
import { branchLogoUrl } from '../../lib/branch';
import { menuHashOf } from '../../lib/menu-hash';
import { type OrderingState, orderingStateAt, useNow } from '../../lib/ordering-state';
import { paymentTypeFromApi } from '../../lib/payment-types';
import {
  aliasPath,
  cartPath,
  modeFind,
  modePath,
  modeSegment,
  RESERVED_MODE_SEGMENTS,
} from '../../lib/storefront-path';
import { supportChatOpen } from '../../lib/support-chat-open';
import { useBranchTheme } from '../../lib/theme';
import { cartBind, cartFollowMode, useCart } from '../../stores/cart-store';
import { entryParamsAllowsMode, entryParamsMenuOf, useEntryParams } from '../../stores/entry-params-store';
import type { ApiBranchContact, ApiCountry, ApiOrderMode } from '../../types/api';
import type { MenuPlate } from '../../types/menu';
import {
  ClosedModalLazy,
  HoursModalLazy,
  LoyaltyScreenLazy,
  MenuCartPanelLazy,
  ModeChangeLazy,
  PlateDetailLazy,
  PlateDetailModalLazy,
  ViewOrderButtonLazy,
} from './lazy-features';
import { type MenuContext, MenuLoadState, useMenuContext } from './menu-context';
import { NotFoundRoute } from './not-found';
import { useStorefrontLocation } from './use-storefront-location';

/**
 * `/menu/{alias}/{mode}` and its nested `{category}` and `{category}/{plate}`
 * (ordering §2): resolves the alias to a branch contact and the segment to one
 * of its modes. An unknown mode is an error screen; `preview`, `checkout` and
 * `order` are never read as a mode.
 */
export function MenuRoute() {
  const { alias = '', mode: segment = '' } = useParams();
  const { search } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const reserved = RESERVED_MODE_SEGMENTS.includes(segment.toLowerCase());
  const entity = useDinerEntity(reserved ? '' : alias, attempt);
  const params = useEntryParams();

  if (reserved) return <NotFoundRoute />;
  if (entity.status === 'error') {
    return (
      <AliasErrorScreen alias={alias} error={entity.error} onRetry={() => setAttempt((value) => value + 1)} />
    );
  }
  if (entity.status !== 'success') return <Spinner />;
  const data = entity.data;
  // A company or a brand has no menu of its own: its screen lists where to order.
  if (data.type !== 'BRANCH_CONTACT') return <Navigate to={`${aliasPath(alias)}${search}`} replace />;
  const contact = data.branchContact;
  const modes = contact.deliveryConfig.orderModes.filter((mode) =>
    entryParamsAllowsMode(params.allowedOM, mode),
  );
  const mode = modeFind(modes, segment);
  if (!mode) {
    return (
      <ErrorScreen
        title="Modo de pedido no encontrado"
        message={`${contact.name} no tiene un modo de pedido "${decodeURIComponent(segment)}".`}
        back={{ href: `${aliasPath(contact.alias)}${search}`, label: 'Ver los modos del local' }}
      />
    );
  }
  return (
    <MenuScreen
      key={`${contact.id}:${mode.id}`}
      contact={contact}
      country={data.country}
      modes={modes}
      mode={mode}
    />
  );
}

function MenuScreen({
  contact,
  country,
  modes,
  mode,
}: {
  contact: ApiBranchContact;
  country: ApiCountry;
  modes: ApiOrderMode[];
  mode: ApiOrderMode;
}) {
  const navigate = useNavigate();
  const { search, pathname } = useLocation();
  const branch = contact.branch;
  const scheme = useBranchTheme(branch);
  useMarketingTags(branch);
  const basePath = modePath(contact.alias, mode);
  const now = useNow();
  const ordering = useMemo(() => orderingStateAt(contact, mode, now), [contact, mode, now]);
  const customizationState = useMenuCustomizationState(branch.id);
  const customization = customizationState.data;
  const wide = useWideLayout();
  const hashes = useMenuHashes(contact.alias);
  const [menuAttempt, setMenuAttempt] = useState(0);
  const menu = useMenu(
    {
      alias: contact.alias,
      branchContactId: contact.id,
      orderModeId: mode.id,
      mantissaLength: country.mantissaLength,
    },
    menuAttempt,
  );
  const cartState = useCart();
  const location = useStorefrontLocation(contact, mode, country.mantissaLength);
  const [modeChange, setModeChange] = useState<ApiOrderMode | null>(null);
  const [openPlate, setOpenPlate] = useState<MenuPlate | null>(null);
  const [hoursOpen, setHoursOpen] = useState(false);
  const [closedOpen, setClosedOpen] = useState(false);

  useEffect(() => {
    cartBind(contact.alias, contact.id);
    appRememberStorefront(`${aliasPath(contact.alias)}#${modeSegment(mode)}`);
  }, [contact, mode]);

  // The cart follows the mode once the menu hashes are known: kept when the
  // menu is the same, cleared when it differs (`cartChangeOrderMode`).
  useEffect(() => {
    if (hashes.loaded) cartFollowMode(mode.id, menuHashOf(mode, hashes.hashes));
  }, [hashes, mode]);

  // The closed modal shows once per visit of a mode, not on every page of it.
  useEffect(() => {
    if (!ordering.closedNotice) return;
    const key = `comanda.closedShown:${contact.id}:${mode.id}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
    } catch {
      // Storage blocked: show it each time rather than never.
    }
    setClosedOpen(true);
  }, [ordering.closedNotice, contact.id, mode.id]);

  // ordering §4 "Order impediments": what keeps this diner from ordering, reported once per kind.
  const info = location.deliveryInfo.info;
  const impediment = ordering.orderingDisabled
    ? 'ORDERS_DISABLED'
    : !ordering.isOpen
      ? contact.manualClosing
        ? 'STORE_TEMPORARILY_CLOSED'
        : 'STORE_CLOSED'
      : info && !info.insideDeliveryArea
        ? 'OUT_OF_COVERAGE_AREA'
        : info?.providersFailed
          ? 'NO_LOGISTICS_COVERAGE'
          : paymentTypesUsable(mode.paymentTypes.map(paymentTypeFromApi), {
                orderModeType: mode.type,
                deliveryInfo: info,
              }).length === 0
            ? 'NO_PAYMENT_METHODS'
            : null;
  useEffect(() => {
    if (impediment) {
      analyticsTrack('ORDER_IMPEDIMENT', {
        branchContactId: contact.id,
        orderModeId: mode.id,
        payload: { impediment },
      });
    }
  }, [impediment, contact.id, mode.id]);

  const wantedCategories = useEntryParams().menu;
  const menuData = useMemo(
    () => (menu.status === 'success' ? entryParamsMenuOf(menu.data, wantedCategories) : null),
    [menu, wantedCategories],
  );
  const bound = cartState.alias === contact.alias;
  const cart = bound ? cartState.cart : null;
  const day = zonedDayOfWeek(now, contact.timezone);
  const links: MenuLinks = useMemo(
    () => ({
      plateHref: (plate) => `${basePath}/${plate.categorySlug}/${plate.slug}${search}`,
      categoryHref: (category) => `${basePath}/${category.slug}${search}`,
      onPlateOpen: (plate) => {
        if (branch.generalConfig.menuConfig.plateDetailInModal) setOpenPlate(plate);
        else navigate(`${basePath}/${plate.categorySlug}/${plate.slug}${search}`);
      },
      discountFor: (plate) => (menuData ? menuDiscountForPlate(menuData.discounts, plate.id, day) : null),
    }),
    [basePath, search, branch, navigate, menuData, day],
  );

  const plateProps = (plate: MenuPlate, onDone: () => void) => ({
    plate,
    country,
    timeZone: contact.timezone,
    discounts: menuData?.discounts ?? [],
    notesCustomization: customization,
    canAddItems: ordering.canAddItems,
    blockedText: blockedText(ordering),
    source: 'plate' as const,
    branchContactId: contact.id,
    orderModeId: mode.id,
    onDone,
    imageSrc: plate.withImage ? imageUrl('PLATE', plate.numericId) : null,
  });

  const header = (
    <BranchHeader
      contact={contact}
      country={country}
      modes={modes}
      mode={mode}
      ordering={ordering}
      customization={customization}
      search={search}
      addressText={location.addressText}
      deliveryInfo={location.deliveryInfo}
      onAddressOpen={location.openAddress ?? undefined}
      onModeChoose={setModeChange}
      onHoursOpen={() => setHoursOpen(true)}
    />
  );

  const context: MenuContext = {
    contact,
    country,
    mode,
    menu: menuData,
    menuFailed: menu.status === 'error',
    retryMenu: () => setMenuAttempt((value) => value + 1),
    links,
    basePath: `${basePath}${search}`,
    search,
    header,
    platePage: (plate, onDone) => (
      <Suspense fallback={<Spinner />}>
        <PlateDetailLazy {...plateProps(plate, onDone)} layout="page" />
      </Suspense>
    ),
  };

  return (
    <StorefrontLayout
      brandName={branch.name}
      logoUrl={branchLogoUrl(branch)}
      homeHref={`${basePath}${search}`}
      aliasType="BRANCH_CONTACT"
      scheme={scheme}
    >
      <div className="menu-layout">
        <main className="page page--menu">
          {/* The header waits for the customization (its promotional banner) so that nothing moves once shown. */}
          {customizationState.settled ? (
            <>
              <OrderingNotice ordering={ordering} />
              <Outlet context={context} />
            </>
          ) : (
            <Spinner />
          )}
        </main>
        {wide ? (
          <Suspense fallback={null}>
            <MenuCartPanelLazy context={context} location={location} />
          </Suspense>
        ) : null}
      </div>
      {/* A wide screen shows the cart beside the menu instead (ADR 048). */}
      {!wide && cart && menuData && cartState.itemsCount > 0 ? (
        <Suspense fallback={null}>
          <ViewOrderButtonLazy
            count={cartState.itemsCount}
            pricing={{
              cart,
              menu: menuData,
              orderModeType: mode.type,
              timeZone: contact.timezone,
              country,
              deliveryInfo: location.deliveryInfo.info,
              now,
            }}
            href={`${cartPath(contact.alias)}${search}`}
            lastAddedAt={cartState.lastAddedAt}
          />
        </Suspense>
      ) : null}
      {openPlate ? (
        <Suspense fallback={null}>
          <PlateDetailModalLazy
            // The menu as it is now: a plate the venue marks sold out while its detail is open says so at once.
            {...plateProps(menuData?.plates.find((plate) => plate.id === openPlate.id) ?? openPlate, () => {
              setOpenPlate(null);
              if (pathname !== basePath) navigate(`${basePath}${search}`);
            })}
            onClose={() => setOpenPlate(null)}
          />
        </Suspense>
      ) : null}
      {ordering.closedNotice && closedOpen ? (
        <Suspense fallback={null}>
          <ClosedModalLazy
            open={closedOpen}
            title={ordering.closedNotice.modal}
            canSchedule={ordering.timing.canSchedule}
            onClose={() => setClosedOpen(false)}
            onSeeHours={() => {
              setClosedOpen(false);
              setHoursOpen(true);
            }}
          />
        </Suspense>
      ) : null}
      {hoursOpen ? (
        <Suspense fallback={null}>
          <HoursModalLazy open={hoursOpen} onClose={() => setHoursOpen(false)} modes={modes} />
        </Suspense>
      ) : null}
      {location.addressModal}
      {modeChange ? (
        <Suspense fallback={null}>
          <ModeChangeLazy
            mode={modeChange}
            alias={contact.alias}
            branchContactId={contact.id}
            hashes={hashes.hashes}
            onCancel={() => setModeChange(null)}
          />
        </Suspense>
      ) : null}
    </StorefrontLayout>
  );
}

function blockedText(ordering: OrderingState): string | null {
  if (ordering.orderingDisabled) return cartMessages.orderingDisabled;
  return ordering.closedNotice?.banner ?? null;
}

/**
 * The menu home: the branch header, then the menu, with the support/loyalty
 * banner when the location has a programme or the brand a chat (ADR 040).
 */
export function MenuHomeRoute() {
  const context = useMenuContext();
  const toast = useToast();
  const [loyaltyOpen, setLoyaltyOpen] = useState(false);
  const { contact, country } = context;
  const chat = contact.branch.supportChat;
  const banner = supportBannerOf({
    loyaltyProgramName: contact.loyaltyProgramName ?? null,
    chat: chat !== undefined,
  });
  return (
    <>
      {context.header}
      {context.menu ? (
        <MenuHome
          menu={context.menu}
          platesInMainView={contact.branch.generalConfig.menuConfig.platesInMainView}
          country={country}
          links={context.links}
          supportChat={chat}
          banner={
            banner ? (
              <SupportBanner
                banner={banner}
                onLoyalty={() => setLoyaltyOpen(true)}
                onChat={() => chat && supportChatOpen(chat, toast)}
              />
            ) : null
          }
        />
      ) : (
        <MenuLoadState context={context} />
      )}
      {loyaltyOpen ? (
        <Suspense fallback={null}>
          <LoyaltyScreenLazy contact={contact} country={country} onClose={() => setLoyaltyOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
