/**
 * 'Confirmación del pedido' (ordering §2 Checkout, §3–§6, §8): customer data,
 * 'Mi pago', scheduling, the discount code, order notes, a partner's benefit
 * for an external-loyalty user, the breakdown from the domain's one pricing
 * function, and the send with its hand-off. Every rule and text comes from
 * `@comanda/domain`; this file wires the sections, each in its own file, to
 * one form.
 */

import type { CodeDiscount } from '@comanda/domain/code-discount';
import { checkoutMessages } from '@comanda/domain/messages';
import { notesLimit } from '@comanda/domain/notes';
import { phoneToE164 } from '@comanda/domain/phone';
import { pricingCompute } from '@comanda/domain/pricing';
import { soldOutCartProblems } from '@comanda/domain/sold-out';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation as useRouterLocation } from 'react-router';
import { useStorefrontLocation } from '../../../app/routes/use-storefront-location';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/ui/toast';
import { useMarketingTags } from '../../../hooks/use-marketing-tags';
import { branchLogoUrl } from '../../../lib/branch';
import { useNow } from '../../../lib/ordering-state';
import { cartPath, modePath } from '../../../lib/storefront-path';
import { useBranchTheme } from '../../../lib/theme';
import { cartBind, cartLogicLoad, useCart } from '../../../stores/cart-store';
import { useEntryParams } from '../../../stores/entry-params-store';
import { useLocation as useDinerLocation } from '../../../stores/location-store';
import type { ApiBranchContact, ApiCountry } from '../../../types/api';
import { menuForget, useMenu } from '../../menu/api/get-menu';
import { useMenuCustomization } from '../../menu/api/get-menu-extras';
import { StorefrontLayout } from '../../shell/components/storefront-layout';
import { useModeCharges } from '../api/checkout-api';
import { partnerLinkOf } from '../api/partner-benefits-api';
import '../checkout.css';
import { droppedCodeMessages, useCheckoutCode } from '../hooks/use-checkout-code';
import { useCheckoutEntered } from '../hooks/use-checkout-entered';
import { useCheckoutLoyalty } from '../hooks/use-checkout-loyalty';
import { useCheckoutSchedule } from '../hooks/use-checkout-schedule';
import { useCheckoutSubmit } from '../hooks/use-checkout-submit';
import { useCodeApplication } from '../hooks/use-code-application';
import { useCustomerFields } from '../hooks/use-customer-fields';
import { useFirstInvalidFocus } from '../hooks/use-first-invalid-focus';
import { usePartnerBenefits } from '../hooks/use-partner-benefits';
import { usePaymentChoice } from '../hooks/use-payment-choice';
import { codeValidationBody } from '../lib/checkout-inputs';
import { CheckoutActions, PriceChangeDialog } from './checkout-actions';
import { CheckoutSummary } from './checkout-summary';
import { CodeDialogs } from './code-discount-modal';
import { CustomerFields } from './customer-fields';
import { LoyaltyRedeem } from './loyalty-redeem';
import { NotesSection } from './notes-section';
import { PartnerBenefitNotice } from './partner-benefit-notice';
import { PaymentSection } from './payment-section';
import { ScheduleSection } from './schedule-section';

export function CheckoutScreen({ contact, country }: { contact: ApiBranchContact; country: ApiCountry }) {
  const { search } = useRouterLocation();
  const toast = useToast();
  const branch = contact.branch;
  const scheme = useBranchTheme(branch);
  useMarketingTags(branch);
  const now = useNow(15_000);
  const entry = useEntryParams();
  const cartState = useCart();
  const customization = useMenuCustomization(branch.id);
  const mantissa = country.mantissaLength;
  const formId = useId();

  useEffect(() => {
    cartBind(contact.alias, contact.id);
    void cartLogicLoad();
  }, [contact]);

  const cart = cartState.alias === contact.alias ? cartState.cart : null;
  const mode = contact.deliveryConfig.orderModes.find((m) => String(m.id) === cart?.orderModeId) ?? null;
  // Bumped after a 409: the server priced the order with a newer menu, so read it again.
  const [menuAttempt, setMenuAttempt] = useState(0);
  const menu = useMenu(
    mode
      ? { alias: contact.alias, branchContactId: contact.id, orderModeId: mode.id, mantissaLength: mantissa }
      : null,
    menuAttempt,
  );
  const menuData = menu.status === 'success' ? menu.data : null;
  const charges = useModeCharges(mode?.id ?? null, mantissa);
  const storefrontLocation = useStorefrontLocation(contact, mode, mantissa);
  const dinerLocation = useDinerLocation().location;
  const delivery = mode?.type === 'DELIVERY';
  const deliveryInfo = delivery ? storefrontLocation.deliveryInfo.info : null;

  const loyalty = useCheckoutLoyalty(contact);
  const customer = useCustomerFields(entry, loyalty);
  const { phone, phoneCountry } = customer;
  const paymentChoice = usePaymentChoice(mode, deliveryInfo, { now, timeZone: contact.timezone });
  const { payment } = paymentChoice;
  const schedule = useCheckoutSchedule(contact, mode, now);
  const { timing, scheduledAt } = schedule;
  const partner = usePartnerBenefits(
    partnerLinkOf(entry),
    mode ? { branchId: branch.id, branchContactId: contact.id, orderModeId: mode.id } : null,
    mantissa,
  );
  const codeDiscount = useCheckoutCode({
    initialText: entry.code ?? '',
    toast,
    externalLoyalty: partner.externalLoyalty,
    setPaymentId: paymentChoice.setPaymentId,
  });
  const code = codeDiscount.code;

  const notesMax = notesLimit(customization ?? undefined, 'order');
  const [notes, setNotes] = useState('');

  // ---------------------------------------------------------------- pricing
  const phoneE164 = () => (phone.trim() ? (phoneToE164(phone, phoneCountry) ?? phone.trim()) : null);
  const phoneMatches = loyalty.session !== null && phoneE164() === loyalty.session.phone;
  const chargesData = charges.status === 'success' ? charges.data : null;
  const pricingFor = (withCode: CodeDiscount | null) =>
    cart && menuData && mode
      ? pricingCompute({
          items: cart.items,
          menu: { plates: menuData.plates, discounts: menuData.discounts },
          orderModeType: mode.type,
          at: scheduledAt ?? now,
          timeZone: contact.timezone,
          country,
          paymentMethod: payment?.paymentMethod ?? null,
          deliveryInfo,
          fees: chargesData?.fees ?? null,
          generalDiscounts: chargesData?.generalDiscounts ?? [],
          externalBenefits: partner.benefits,
          surcharges: chargesData?.surcharges ?? [],
          codeDiscount: withCode ? { discount: withCode } : null,
          loyalty: loyalty.pricingInput(phoneMatches),
        })
      : null;
  const pricing = pricingFor(code?.discount ?? null);

  useCheckoutEntered(contact.id, cart, mode);

  // ---------------------------------------------------------------- validation and send
  const destination = delivery ? dinerLocation : null;
  const soldOut = useMemo(
    () =>
      cart && menuData
        ? soldOutCartProblems(cart.items, new Map(menuData.plates.map((plate) => [plate.id, plate])))
        : [],
    [cart, menuData],
  );
  const submit = useCheckoutSubmit({
    contact,
    country,
    mode,
    items: cart?.items ?? null,
    pricing,
    customer,
    paymentChoice,
    schedule,
    loyalty,
    partner,
    entry,
    destination,
    deliveryInfo,
    deliveryInfoLoading: storefrontLocation.deliveryInfo.status === 'loading',
    phoneE164,
    phoneMatches,
    code: code?.discount.code ?? null,
    notes,
    toast,
    soldOut,
    onMenuStale: () => {
      if (!mode) return;
      menuForget(contact.alias, contact.id, mode.id);
      setMenuAttempt((value) => value + 1);
    },
  });
  const { errors, fieldError, clearError, priceChange, setPriceChange } = submit;
  const send = submit.send;
  const formRef = useRef<HTMLFormElement>(null);
  const announcement = useFirstInvalidFocus(formRef, submit.refused);

  // ---------------------------------------------------------------- code
  const codeApplication = useCodeApplication({
    codeDiscount,
    linkCode: entry.code,
    validationErrors: submit.validate()?.errors ?? [],
    paymentChosen: payment !== null,
    priced: pricing !== null,
    body: (text) =>
      cart && mode
        ? codeValidationBody({
            code: text,
            contact,
            mode,
            paymentId: payment?.id ?? null,
            phone: phoneE164(),
            scheduledAt,
            items: cart.items,
            destination,
          })
        : null,
    mantissaLength: mantissa,
    rejection: (found) => pricingFor(found)?.codeDiscountRejection ?? null,
    onLinkCodeRefused: (message) => toast(message, 'error'),
  });

  // ---------------------------------------------------------------- render
  const menuHref = mode ? `${modePath(contact.alias, mode)}${search}` : `/menu/${contact.alias}${search}`;
  const layout = (content: React.ReactNode) => (
    <StorefrontLayout
      brandName={branch.name}
      logoUrl={branchLogoUrl(branch)}
      homeHref={menuHref}
      aliasType="BRANCH_CONTACT"
      scheme={scheme}
    >
      <main className="page checkout">{content}</main>
      {storefrontLocation.addressModal}
    </StorefrontLayout>
  );
  // The placed order's cart is gone by now: the wait for the card's decision replaces the form.
  if (submit.paying) return layout(<Spinner label="Procesando el pago…" />);
  if (cartState.alias === contact.alias && (!cart || cart.items.length === 0)) {
    return layout(
      <section className="checkout__empty">
        <h1 className="brand-title">{checkoutMessages.title}</h1>
        <p className="muted">Tu pedido está vacío.</p>
        <a className="button" href={menuHref}>
          Volver al Menú
        </a>
      </section>,
    );
  }
  if (!cart || !mode || !pricing) return layout(<Spinner />);

  const documentLabel = customization?.documentLabel || 'Documento';

  return layout(
    <form
      ref={formRef}
      className="checkout__form"
      noValidate
      aria-labelledby={`${formId}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <h1 id={`${formId}-title`} className="brand-title">
        {checkoutMessages.title}
      </h1>

      {soldOut.length > 0 ? (
        <div className="notice notice--warning checkout-sold-out" data-invalid="true">
          <ul>
            {soldOut.map((line) => (
              <li key={line.index}>{line.message}</li>
            ))}
          </ul>
          <a className="button button--bordered button--small" href={`${cartPath(contact.alias)}${search}`}>
            Ir a mi pedido
          </a>
        </div>
      ) : null}

      <PartnerBenefitNotice partner={partner} pricing={pricing} />

      <CustomerFields
        formId={formId}
        contact={contact}
        modeType={mode.type}
        fields={customer}
        documentLabel={documentLabel}
        fieldError={fieldError}
        clearError={clearError}
        address={
          delivery ? { text: storefrontLocation.addressText, open: storefrontLocation.openAddress } : null
        }
      />

      <PaymentSection
        formId={formId}
        choice={paymentChoice}
        onChoose={codeDiscount.changePayment}
        documentLabel={documentLabel}
        checked={submit.refused > 0}
        total={pricing.total}
        country={country}
        fieldError={fieldError}
        clearError={clearError}
        code={code?.discount.code ?? null}
        onCodeOpen={codeDiscount.openModal}
        onCodeRemove={codeDiscount.remove}
        codePending={codeApplication.pendingMessage}
        codeDropped={
          codeDiscount.dropped
            ? codeDiscount.dropped.refusal
              ? droppedCodeMessages.refused(codeDiscount.dropped.code, codeDiscount.dropped.refusal)
              : droppedCodeMessages.checking(codeDiscount.dropped.code)
            : null
        }
      />

      <LoyaltyRedeem
        formId={formId}
        loyalty={loyalty}
        priced={pricing.loyalty}
        phoneMatches={phoneMatches}
        country={country}
      />

      {schedule.canSchedule || !timing?.canOrderNow ? (
        <ScheduleSection
          formId={formId}
          schedule={schedule}
          error={fieldError('schedule')}
          onChange={codeDiscount.changeSchedule}
        />
      ) : null}

      <NotesSection formId={formId} notes={notes} max={notesMax} onChange={setNotes} />

      <CheckoutSummary
        formId={formId}
        pricing={pricing}
        items={cart.items}
        country={country}
        delivery={delivery}
        deliveryFeeKnown={deliveryInfo !== null}
        feesKnown={chargesData !== null}
        loyaltyProgram={loyalty.program ?? null}
      />

      <CheckoutActions
        errors={errors}
        cartHref={`${cartPath(contact.alias)}${search}`}
        sending={submit.sending}
      />

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <CodeDialogs code={codeDiscount} onApply={() => void codeApplication.apply()} />
      <PriceChangeDialog
        price={priceChange?.price ?? null}
        country={country}
        onConfirm={(price) => {
          setPriceChange(null);
          void send(price);
        }}
        onCancel={() => setPriceChange(null)}
      />
    </form>,
  );
}
