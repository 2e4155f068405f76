/**
 * 'Confirmación del pedido' (ordering §2 Checkout, §3–§5, §8): customer data,
 * 'Mi pago', scheduling, the discount code, order notes, the breakdown from the
 * domain's one pricing function, and the send with its hand-off. Every rule and
 * text comes from `@comanda/domain`; this file only wires them to the form.
 */
import { cardCheck } from '@comanda/domain/card';
import { type CheckoutError, checkoutValidate } from '@comanda/domain/checkout-validation';
import {
  type CodeDiscount,
  type CodeDiscountStatus,
  codeDiscountExpired,
  codeDiscountKeptOnScheduleChange,
  codeDiscountPrecheck,
  codeDiscountWarnOnPaymentChange,
} from '@comanda/domain/code-discount';
import { deliveryFeeText, serviceFeeText } from '@comanda/domain/fees';
import {
  cartMessages,
  checkoutMessages,
  codeDiscountMessages,
  orderErrorMessages,
  scheduleMessages,
} from '@comanda/domain/messages';
import { moneyFormat, moneyToMajor, moneyToMinor } from '@comanda/domain/money';
import { notesApplyInput, notesCounter, notesLimit } from '@comanda/domain/notes';
import {
  paymentStatusOnSend,
  paymentTypeCounts,
  paymentTypeNeedsCardForm,
  paymentTypeReconcile,
  paymentTypeRedirects,
  paymentTypesUsable,
} from '@comanda/domain/payment-type';
import {
  PHONE_COUNTRIES,
  PHONE_COUNTRY_LABELS,
  PHONE_DEFAULT_COUNTRY,
  PHONE_INPUT_DEBOUNCE_MS,
  phoneIsValid,
  phoneToE164,
} from '@comanda/domain/phone';
import { pricingCompute } from '@comanda/domain/pricing';
import { scheduleDays, scheduleFirstSlot, scheduleNearestSlot } from '@comanda/domain/schedule';
import type { CartItem } from '@comanda/domain/types';
import { minutes } from '@comanda/domain/types';
import { type VenuePaymentState, venueWhatsAppLinkWithPayment } from '@comanda/domain/venue-message';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate, useLocation as useRouterLocation } from 'react-router';
import { useStorefrontLocation } from '../../../app/routes/use-storefront-location';
import { Spinner } from '../../../components/spinner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { useMarketingTags } from '../../../hooks/use-marketing-tags';
import { analyticsTrack } from '../../../lib/analytics';
import { analyticsSessionId } from '../../../lib/analytics-sender';
import { ApiError } from '../../../lib/api-client';
import { appIsInstalled } from '../../../lib/app-environment';
import { branchLogoUrl } from '../../../lib/branch';
import { type CardToken, CardTokenError, cardTokenCreate } from '../../../lib/card-token';
import { orderingStateAt, useNow } from '../../../lib/ordering-state';
import { paymentTypeFromApi } from '../../../lib/payment-types';
import { placedOrderRecord } from '../../../lib/placed-orders';
import { cartPath, modePath } from '../../../lib/storefront-path';
import { useBranchTheme } from '../../../lib/theme';
import { cartDiscard } from '../../../stores/cart-logic';
import { cartBind, cartLogicLoad, useCart } from '../../../stores/cart-store';
import { useEntryParams } from '../../../stores/entry-params-store';
import { useLocation as useDinerLocation } from '../../../stores/location-store';
import type { ApiBranchContact, ApiCountry } from '../../../types/api';
import { menuForget, useMenu } from '../../menu/api/get-menu';
import { useMenuCustomization } from '../../menu/api/get-menu-extras';
import { StorefrontLayout } from '../../shell/components/storefront-layout';
import {
  type CardForm,
  cardPay,
  codeDiscountValidate,
  orderPaymentStatusGet,
  orderPlace,
  paymentLinkCreate,
  paymentRedirectStart,
  useModeCharges,
} from '../api/checkout-api';
import '../checkout.css';
import { CodeDiscountModal } from './code-discount-modal';

/**
 * (ours) How long the checkout waits for the card provider's decision before
 * handing over to the follow-up page: the sandbox decides in about a second,
 * real providers within a few; a slower decision reaches the follow-up page
 * with the order's next update.
 */
const CARD_DECISION_WAIT_MS = 8_000;
const CARD_DECISION_POLL_MS = 700;
const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

function itemPayload(item: CartItem) {
  return {
    referenceId: Number(item.referenceId),
    referenceType: 'PLATE' as const,
    quantity: item.quantity,
    ...(item.sizeId ? { sizeId: Number(item.sizeId) } : {}),
    ...(item.notes ? { notes: item.notes } : {}),
    name: item.name,
    extras: item.extras.map((group) => ({
      groupId: Number(group.groupId),
      groupName: group.groupName,
      groupItems: group.groupItems
        .filter((extra) => extra.quantity > 0)
        .map((extra) => ({
          referenceId: Number(extra.referenceId),
          quantity: extra.quantity,
          name: extra.name,
        })),
    })),
  };
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

interface AppliedCode {
  discount: CodeDiscount;
  terms: string[];
  appliedAt: number;
}

export function CheckoutScreen({ contact, country }: { contact: ApiBranchContact; country: ApiCountry }) {
  const { search } = useRouterLocation();
  const navigate = useNavigate();
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

  // ---------------------------------------------------------------- customer data
  const [name, setName] = useState(entry.customerName ?? entry.name ?? '');
  const [phone, setPhone] = useState(entry.phone ?? '');
  const [phoneCountry, setPhoneCountry] = useState<string>(PHONE_DEFAULT_COUNTRY);
  const [phoneChecked, setPhoneChecked] = useState(entry.phone ?? '');
  const [email, setEmail] = useState('');
  const [document, setDocument] = useState('');
  const [tableNumber, setTableNumber] = useState(entry.tableNumber ?? '');
  useEffect(() => {
    const timer = window.setTimeout(() => setPhoneChecked(phone), PHONE_INPUT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [phone]);
  const phoneError =
    phoneChecked.trim() !== '' && phoneChecked === phone && !phoneIsValid(phoneChecked, phoneCountry)
      ? checkoutMessages.phoneInvalid
      : null;

  // ---------------------------------------------------------------- payment
  const allTypes = useMemo(() => (mode?.paymentTypes ?? []).map(paymentTypeFromApi), [mode]);
  const context = { orderModeType: mode?.type ?? 'TAKE_AWAY', deliveryInfo } as const;
  const usableTypes = paymentTypesUsable(allTypes, context);
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const chosenType = allTypes.find((type) => type.id === paymentId) ?? null;
  const payment = paymentTypeReconcile(chosenType, allTypes, context);
  useEffect(() => {
    if (payment && payment.id !== paymentId) setPaymentId(payment.id);
  }, [payment, paymentId]);
  const [paysWith, setPaysWith] = useState('');
  const [card, setCard] = useState<CardForm>({
    cardNumber: '',
    cardName: '',
    cardExpiry: '',
    cardSecurityCode: '',
    cardDocument: '',
  });
  const needsCard = paymentTypeNeedsCardForm(payment);
  const cardState = needsCard ? cardCheck(card, { now, timeZone: contact.timezone }) : null;
  // What the card's provider refused when tokenizing, per field (shown until the field is edited).
  const [cardRefused, setCardRefused] = useState<Partial<Record<keyof CardForm, string>>>({});
  const [pendingPayment, setPendingPayment] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  // ---------------------------------------------------------------- scheduling
  const ordering = mode ? orderingStateAt(contact, mode, now) : null;
  const days = useMemo(
    () =>
      mode?.useSchedule
        ? scheduleDays(mode.schedules, {
            now,
            timeZone: contact.timezone,
            minDelayInMinutes: minutes(Math.max(0, Math.round(mode.minDelayInMinutes))),
          })
        : [],
    [mode, now, contact.timezone],
  );
  const timing = ordering?.timing ?? null;
  const canSchedule = (timing?.canSchedule ?? false) || (!!mode?.useSchedule && days.length > 0);
  const [scheduledChoice, setScheduledChoice] = useState(false);
  const scheduled = timing?.forceScheduled === true || scheduledChoice;
  const [slotAt, setSlotAt] = useState<number | null>(null);
  // A stale or missing slot moves to the nearest valid one.
  const slot = scheduled
    ? slotAt !== null
      ? scheduleNearestSlot(days, slotAt)
      : scheduleFirstSlot(days)
    : null;
  const scheduledAt = slot?.slot.at ?? null;

  // ---------------------------------------------------------------- code discount
  const [code, setCode] = useState<AppliedCode | null>(null);
  const [codeOpen, setCodeOpen] = useState(false);
  const [codeText, setCodeText] = useState(entry.code ?? '');
  const [codeStatus, setCodeStatus] = useState<CodeDiscountStatus>('init');
  const [codeError, setCodeError] = useState<string | null>(null);
  useEffect(() => {
    if (!code?.discount.limitedUsage) return;
    const timer = window.setInterval(() => {
      if (codeDiscountExpired(code.discount, code.appliedAt, Date.now())) {
        setCode(null);
        setCodeStatus('init');
        toast(codeDiscountMessages.expired, 'error');
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [code, toast]);

  // ---------------------------------------------------------------- notes
  const notesMax = notesLimit(customization ?? undefined, 'order');
  const [notes, setNotes] = useState('');

  // ---------------------------------------------------------------- pricing
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
          surcharges: chargesData?.surcharges ?? [],
          codeDiscount: withCode ? { discount: withCode } : null,
        })
      : null;
  const pricing = pricingFor(code?.discount ?? null);

  // ---------------------------------------------------------------- analytics on entry
  const entered = useRef(false);
  useEffect(() => {
    if (entered.current || !cart || !mode) return;
    entered.current = true;
    analyticsTrack('CONTINUE_TO_CHECKOUT', {
      branchContactId: contact.id,
      orderModeId: mode.id,
      payload: { items: cart.items.length },
    });
  }, [cart, mode, contact.id]);

  // ---------------------------------------------------------------- validation and send
  const [errors, setErrors] = useState<CheckoutError[]>([]);
  const [sending, setSending] = useState(false);
  const [priceChange, setPriceChange] = useState<{ price: number } | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const validate = () =>
    pricing && mode
      ? checkoutValidate({
          orderModeType: mode.type,
          customer: { name, phone, email, document, tableNumber },
          rules: {
            forceCustomerName: contact.forceCustomerName,
            forceCustomerPhone: contact.forceCustomerPhone,
            mandatoryEmail: contact.mandatoryEmail,
            betweenStreetsRequired: contact.deliveryConfig.betweenStreetsRequired,
          },
          phoneCountry,
          paymentMethod: payment?.paymentMethod ?? null,
          paymentMethodsOffered: allTypes.filter(paymentTypeCounts).map((type) => type.paymentMethod),
          paysWith,
          card: cardState ? { complete: cardState.complete, valid: cardState.valid } : null,
          address: delivery
            ? {
                fullAddress: dinerLocation?.fullAddress ?? null,
                betweenStreets: dinerLocation?.betweenStreets ?? null,
              }
            : null,
          productsAmount: pricing.productsAmount,
          total: pricing.total,
          deliveryInfo,
          deliveryInfoLoading: storefrontLocation.deliveryInfo.status === 'loading',
          schedule: {
            loading: false,
            canOrderNow: timing?.canOrderNow ?? false,
            scheduled,
            scheduledAt,
          },
          country,
        })
      : null;

  // A field's error goes as soon as the diner edits it; the next send checks again.
  const clearError = (field: CheckoutError['field']) =>
    setErrors((current) =>
      current.some((e) => e.field === field) ? current.filter((e) => e.field !== field) : current,
    );
  const fieldError = (field: CheckoutError['field']) =>
    errors.filter((error) => error.field === field).at(-1)?.message ?? null;

  async function send(confirmedPrice?: number) {
    if (sending || !pricing || !mode || !cart) return;
    // With no usable payment type the checks say why ('Asegurese de haber elegido un medio de pago primero').
    const result = validate();
    if (!result) return;
    setErrors(result.errors);
    if (!result.valid) {
      if (result.toast) toast(result.toast, 'error');
      return;
    }
    if (!payment) return;
    const payload = {
      orderModeId: mode.id,
      branchContact: { id: contact.id },
      type: mode.type,
      items: cart.items.map(itemPayload),
      price: confirmedPrice ?? moneyToMajor(pricing.total, mantissa),
      paymentType: { id: Number(payment.id), paymentMethod: payment.paymentMethod, upload: payment.upload },
      ...(entry.source ? { source: entry.source } : {}),
      ...(entry.campaignId ? { campaignId: entry.campaignId } : {}),
      ...(mode.type === 'DINE_IN' ? { tableUid: tableNumber.trim() } : {}),
      ...(delivery && dinerLocation
        ? {
            destination: {
              fullAddress: dinerLocation.fullAddress,
              lat: dinerLocation.lat,
              lng: dinerLocation.lng,
              street: dinerLocation.street,
              number: dinerLocation.number,
              city: dinerLocation.city,
              locality: dinerLocation.locality,
              country: dinerLocation.country,
              postalCode: dinerLocation.postalCode,
              betweenStreets: dinerLocation.betweenStreets,
              details: dinerLocation.details,
            },
          }
        : {}),
      ...(phone.trim() ? { phone: phoneToE164(phone, phoneCountry) ?? phone.trim() } : {}),
      ...(name.trim() ? { customerName: name.trim() } : {}),
      ...(email.trim() ? { customerEmail: email.trim() } : {}),
      ...(result.document ? { document: result.document } : {}),
      ...(notes.trim() ? { notes } : {}),
      ...(result.paysWith !== null ? { paysWith: moneyToMajor(result.paysWith, mantissa) } : {}),
      scheduled: scheduledAt !== null,
      ...(scheduledAt !== null ? { scheduledAt: new Date(scheduledAt).toISOString() } : {}),
      ...(code ? { codeDiscount: code.discount.code } : {}),
      paymentInfo: { paymentStatus: paymentStatusOnSend(payment) },
      // The order joins the diner's analytics session (the events' x-session-id), and says whether it
      // came from the installed app.
      analyticsInfo: { sessionId: analyticsSessionId() },
      installedApp: appIsInstalled(),
    };
    // The card is tokenized first: a card its provider refuses must not leave an unpaid order behind.
    let cardToken: CardToken | null = null;
    if (needsCard) {
      const tokenization = mode.paymentTypes.find((type) => String(type.id) === payment.id)?.cardTokenization;
      setSending(true);
      try {
        if (!tokenization) throw new CardTokenError('UNAVAILABLE', orderErrorMessages.paymentStartFailed);
        cardToken = await cardTokenCreate(tokenization, card);
      } catch (error) {
        setSending(false);
        if (error instanceof CardTokenError && error.reason === 'CARD') {
          setCardRefused(error.fields);
          toast(error.message, 'error');
        } else toast(orderErrorMessages.paymentStartFailed, 'info');
        return;
      }
    }
    const body = JSON.stringify(payload);
    // One Idempotency-Key per attempt: the same order sent again (a retry) reuses it.
    if (attempt.current?.body !== body) attempt.current = { body, key: newKey() };
    const key = attempt.current.key;
    analyticsTrack('PAY_ORDER', {
      branchContactId: contact.id,
      orderModeId: mode.id,
      payload: { paymentMethod: payment.paymentMethod, total: payload.price },
    });
    setSending(true);
    let placed: Awaited<ReturnType<typeof orderPlace>>;
    try {
      placed = await orderPlace(payload, key);
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError && error.status === 409) {
        const server = (error.body as { breakdown?: { price?: number } } | null)?.breakdown?.price;
        if (typeof server === 'number') {
          // Show the new figures (the breakdown reprices with the fresh menu) and ask again.
          menuForget(contact.alias, contact.id, mode.id);
          setMenuAttempt((value) => value + 1);
          setPriceChange({ price: server });
          return;
        }
      }
      const fields = error instanceof ApiError ? Object.values(error.fields) : [];
      toast(fields.at(-1) ?? orderErrorMessages.sendFailed, 'error');
      return;
    }
    cartDiscard();
    // This browser placed it: the header's 'PEDIDO EN CURSO' offers it, whatever page the hand-off leaves for.
    placedOrderRecord({
      code: placed.code,
      alias: contact.alias,
      orderedAt: new Date().toISOString(),
      scheduledAt: scheduledAt !== null ? new Date(scheduledAt).toISOString() : null,
      status: placed.status,
    });
    const followUp = `/menu/${contact.alias}/order/${placed.code}`;
    // Without the orders console the venue learns of the order only from this message (ordering §4).
    const messaging = placed.handOff.kind === 'MESSAGING' ? placed.handOff : null;
    const messagingOpen = (state: VenuePaymentState | null) => {
      navigate(followUp);
      const url = messaging?.url;
      if (url) window.location.assign(state ? venueWhatsAppLinkWithPayment(url, state) : url);
      else toast(orderErrorMessages.linkOrTextFailed, 'error');
    };
    if (cardToken) {
      setPaying(true);
      const outcome = await cardOutcome(cardToken, placed.code, key);
      setPaying(false);
      if (outcome === 'PAID') toast(orderErrorMessages.paymentSucceeded, 'success');
      else if (outcome === 'REJECTED') toast(orderErrorMessages.paymentFailed, 'error');
      // ordering §8 lists the failed start as information: the order exists and can be paid from its follow-up.
      else if (outcome === 'FAILED') toast(orderErrorMessages.paymentStartFailed, 'info');
      else toast(checkoutMessages.cardPending, 'info');
      // ADR 014: the message leaves once the card's outcome is known, and says it.
      if (messaging) messagingOpen(outcome === 'FAILED' ? 'UNPAID' : outcome);
      else navigate(followUp);
      return;
    }
    const redirects = paymentTypeRedirects(payment);
    if (messaging) {
      // ADR 014: the browser leaves once; the order goes to the venue first, Webpay is paid from the follow-up.
      messagingOpen(redirects ? 'UNPAID' : null);
      return;
    }
    if (redirects) {
      // Webpay Plus: the order is stored, then the diner pays on the provider's form and comes back to the follow-up.
      try {
        const started = await paymentRedirectStart(contact.id, placed.code);
        navigate(followUp);
        window.location.assign(started.redirectUrl);
      } catch {
        toast(orderErrorMessages.paymentStartFailed, 'info');
        navigate(followUp);
      }
      return;
    }
    if (payment.paymentMethod === 'PAYMENT_LINK') {
      try {
        const link = await paymentLinkCreate({
          code: placed.code,
          branchContactId: contact.id,
          amount: placed.price,
        });
        navigate(followUp);
        window.location.assign(link.url);
      } catch {
        toast(orderErrorMessages.paymentLinkFailed, 'error');
        navigate(followUp);
      }
      return;
    }
    navigate(followUp);
  }

  /**
   * Pays the placed order with the card and waits (a bounded time) for the
   * provider's decision, reading the order as the server stored it.
   */
  async function cardOutcome(
    token: CardToken,
    orderCode: string,
    key: string,
  ): Promise<'PAID' | 'REJECTED' | 'PENDING' | 'FAILED'> {
    let first: Awaited<ReturnType<typeof cardPay>>;
    try {
      first = await cardPay(card, token, orderCode, key);
    } catch {
      return 'FAILED';
    }
    if (first.status === 'APPROVED') return 'PAID';
    if (first.status !== 'PROCESSING') return 'REJECTED';
    const until = Date.now() + CARD_DECISION_WAIT_MS;
    while (Date.now() < until) {
      await sleep(CARD_DECISION_POLL_MS);
      try {
        const status = await orderPaymentStatusGet(orderCode);
        if (status === 'PAID') return 'PAID';
        if (status === 'REJECTED') return 'REJECTED';
      } catch {
        // A failed read is retried until the wait ends; the follow-up page reads it again anyway.
      }
    }
    return 'PENDING';
  }

  // ---------------------------------------------------------------- code actions
  const customerErrors = (validate()?.errors ?? []).filter((error) =>
    ['phone', 'name', 'email', 'document', 'tableNumber'].includes(error.field ?? ''),
  );
  async function applyCode() {
    if (codeStatus === 'success') {
      setCodeOpen(false);
      return;
    }
    const pre = codeDiscountPrecheck({
      paymentMethodChosen: payment !== null,
      customerDataValid: customerErrors.length === 0,
    });
    if (pre) {
      setCodeError(pre);
      return;
    }
    if (!codeText.trim() || !cart || !mode) return;
    setCodeStatus('loading');
    setCodeError(null);
    try {
      const found = await codeDiscountValidate(
        {
          code: codeText.trim(),
          branchId: branch.id,
          branchContactId: contact.id,
          orderModeId: mode.id,
          ...(payment ? { paymentId: Number(payment.id) } : {}),
          ...(phone.trim() ? { phone: phoneToE164(phone, phoneCountry) ?? phone.trim() } : {}),
          orderDate: new Date(scheduledAt ?? Date.now()).toISOString(),
          items: cart.items.map(itemPayload),
          ...(delivery && dinerLocation?.lat !== undefined && dinerLocation.lng !== undefined
            ? { destination: { lat: dinerLocation.lat, lng: dinerLocation.lng } }
            : {}),
        },
        mantissa,
      );
      const rejection = pricingFor(found.discount)?.codeDiscountRejection ?? null;
      if (rejection) {
        setCodeStatus('failed');
        setCodeError(rejection);
        return;
      }
      setCode({ ...found, appliedAt: Date.now() });
      setCodeStatus('success');
    } catch (error) {
      setCodeStatus('failed');
      setCodeError(error instanceof ApiError ? error.message : codeDiscountMessages.notFound);
    }
  }
  function removeCode() {
    setCode(null);
    setCodeStatus('init');
    setCodeError(null);
    setCodeText('');
  }
  function changePayment(id: string) {
    if (
      codeDiscountWarnOnPaymentChange({
        codeApplied: code !== null,
        canRetain: false,
        externalLoyalty: false,
      })
    ) {
      setPendingPayment(id);
      return;
    }
    setPaymentId(id);
  }
  function changeSchedule(apply: () => void) {
    apply();
    if (code && !codeDiscountKeptOnScheduleChange(false)) removeCode();
  }

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
  if (paying) return layout(<Spinner label="Procesando el pago…" />);
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

  const describedBy = (field: string, error: string | null) =>
    error ? `${formId}-${field}-error` : undefined;
  const errorText = (field: string, error: string | null) =>
    error ? (
      <span id={`${formId}-${field}-error`} className="field-error">
        {error}
      </span>
    ) : null;
  const nameError = fieldError('name');
  const phoneFieldError = fieldError('phone') ?? phoneError;
  const emailError = fieldError('email');
  const documentError = fieldError('document');
  const tableError = fieldError('tableNumber');
  const paysWithError = fieldError('paysWith');
  const paymentError = fieldError('payment');
  const cardError = fieldError('card');
  const addressError = fieldError('address') ?? fieldError('betweenStreets');
  const scheduleError = fieldError('schedule');
  const generalErrors = errors.filter((error) => error.field === null);
  const documentLabel = customization?.documentLabel || 'Documento';
  const counter = notesCounter(notes, notesMax);
  const dayChosen = slot?.day ?? null;

  return layout(
    <form
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

      <section className="checkout-card" aria-labelledby={`${formId}-data`}>
        <h2 id={`${formId}-data`}>Mis datos</h2>
        <div className="checkout-grid">
          <div className="checkout-field checkout-field--wide">
            <label htmlFor={`${formId}-name`}>Nombre</label>
            <input
              id={`${formId}-name`}
              value={name}
              autoComplete="name"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={describedBy('name', nameError)}
              onChange={(event) => {
                setName(event.target.value);
                clearError('name');
              }}
            />
            {errorText('name', nameError)}
          </div>
          <div className="checkout-field checkout-field--wide">
            <label htmlFor={`${formId}-phone`}>Teléfono</label>
            <div className="checkout-phone">
              <select
                aria-label="País del teléfono"
                value={phoneCountry}
                onChange={(event) => setPhoneCountry(event.target.value)}
              >
                {PHONE_COUNTRIES.map((code) => (
                  <option key={code} value={code}>
                    {PHONE_COUNTRY_LABELS[code]}
                  </option>
                ))}
              </select>
              <input
                id={`${formId}-phone`}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                value={phone}
                aria-invalid={phoneFieldError ? true : undefined}
                aria-describedby={describedBy('phone', phoneFieldError)}
                onChange={(event) => {
                  setPhone(event.target.value);
                  clearError('phone');
                }}
              />
            </div>
            {errorText('phone', phoneFieldError)}
          </div>
          {contact.mandatoryEmail ? (
            <div className="checkout-field">
              <label htmlFor={`${formId}-email`}>Email</label>
              <input
                id={`${formId}-email`}
                type="email"
                autoComplete="email"
                value={email}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={describedBy('email', emailError)}
                onChange={(event) => {
                  setEmail(event.target.value);
                  clearError('email');
                }}
              />
              {errorText('email', emailError)}
            </div>
          ) : null}
          <div className="checkout-field">
            <label htmlFor={`${formId}-document`}>{documentLabel}</label>
            <input
              id={`${formId}-document`}
              inputMode="numeric"
              value={document}
              aria-invalid={documentError ? true : undefined}
              aria-describedby={describedBy('document', documentError)}
              onChange={(event) => {
                setDocument(event.target.value);
                clearError('document');
              }}
            />
            {errorText('document', documentError)}
          </div>
          {mode.type === 'DINE_IN' ? (
            <div className="checkout-field">
              <label htmlFor={`${formId}-table`}>Número de mesa</label>
              <input
                id={`${formId}-table`}
                inputMode="numeric"
                value={tableNumber}
                aria-invalid={tableError ? true : undefined}
                aria-describedby={describedBy('table', tableError)}
                onChange={(event) => {
                  setTableNumber(event.target.value);
                  clearError('tableNumber');
                }}
              />
              {errorText('table', tableError)}
            </div>
          ) : null}
        </div>
        {delivery ? (
          <div className="checkout-address">
            <span className="checkout-address__label">Dirección de entrega</span>
            <span>{storefrontLocation.addressText ?? 'Sin dirección'}</span>
            {storefrontLocation.openAddress ? (
              <button
                type="button"
                className="button button--bordered button--small"
                aria-describedby={describedBy('address', addressError)}
                onClick={storefrontLocation.openAddress}
              >
                {storefrontLocation.addressText ? 'Cambiar' : 'Ingresar dirección'}
              </button>
            ) : null}
            {errorText('address', addressError)}
          </div>
        ) : null}
      </section>

      <section className="checkout-card" aria-labelledby={`${formId}-payment`}>
        <h2 id={`${formId}-payment`}>{checkoutMessages.myPayment}</h2>
        <fieldset className="checkout-options" aria-describedby={describedBy('payment', paymentError)}>
          <legend className="visually-hidden">Medio de pago</legend>
          {usableTypes.map((type) => (
            <label key={type.id} className="option">
              <input
                type="radio"
                name={`${formId}-payment`}
                checked={payment?.id === type.id}
                onChange={() => changePayment(type.id)}
              />
              <span className="option__name">
                <span>{type.showName}</span>
                {type.paymentMethod === 'BANK_TRANSFER' && type.description ? (
                  <span className="option__description">{type.description}</span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
        {errorText('payment', paymentError)}
        {payment?.paymentMethod === 'CASH' ? (
          <div className="checkout-field">
            <label htmlFor={`${formId}-paysWith`}>¿Con cuánto abonás?</label>
            <input
              id={`${formId}-paysWith`}
              inputMode="decimal"
              value={paysWith}
              aria-invalid={paysWithError ? true : undefined}
              aria-describedby={describedBy('paysWith', paysWithError)}
              onChange={(event) => {
                setPaysWith(event.target.value);
                clearError('paysWith');
              }}
            />
            {errorText('paysWith', paysWithError)}
          </div>
        ) : null}
        {needsCard ? (
          <fieldset className="checkout-card-form" aria-describedby={describedBy('card', cardError)}>
            <legend>Datos de la tarjeta</legend>
            <div className="checkout-grid">
              {(
                [
                  ['cardNumber', 'Número de tarjeta', 'cc-number', 'numeric'],
                  ['cardName', 'Nombre como figura en la tarjeta', 'cc-name', 'text'],
                  ['cardExpiry', 'Vencimiento (MM/AA)', 'cc-exp', 'numeric'],
                  ['cardSecurityCode', 'Código de seguridad', 'cc-csc', 'numeric'],
                  ['cardDocument', documentLabel, 'off', 'numeric'],
                ] as const
              ).map(([field, label, autoComplete, inputMode]) => {
                const error =
                  cardRefused[field] ?? (errors.length > 0 ? (cardState?.fieldErrors[field] ?? null) : null);
                return (
                  <div key={field} className="checkout-field">
                    <label htmlFor={`${formId}-${field}`}>{label}</label>
                    <input
                      id={`${formId}-${field}`}
                      name={field}
                      autoComplete={autoComplete}
                      inputMode={inputMode}
                      value={card[field]}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={describedBy(field, error)}
                      onChange={(event) => {
                        setCard((current) => ({ ...current, [field]: event.target.value }));
                        setCardRefused(({ [field]: _edited, ...rest }) => rest);
                      }}
                    />
                    {errorText(field, error)}
                  </div>
                );
              })}
            </div>
            {errorText('card', cardError)}
          </fieldset>
        ) : null}
        <div className="checkout-code">
          {code ? (
            <>
              <span>
                {codeDiscountMessages.title}: <strong>{code.discount.code}</strong>
              </span>
              <button type="button" className="button button--bordered button--small" onClick={removeCode}>
                Eliminar código
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button--bordered button--small"
              onClick={() => {
                setCodeError(null);
                setCodeOpen(true);
              }}
            >
              {codeDiscountMessages.title}
            </button>
          )}
        </div>
      </section>

      {canSchedule || !timing?.canOrderNow ? (
        <section className="checkout-card" aria-labelledby={`${formId}-timing`}>
          <h2 id={`${formId}-timing`}>{timing?.title ?? scheduleMessages.orderTypeTitle}</h2>
          <fieldset className="segmented">
            <legend className="visually-hidden">{timing?.title ?? scheduleMessages.orderTypeTitle}</legend>
            <label className="segmented__option">
              <input
                type="radio"
                name={`${formId}-timing`}
                checked={!scheduled}
                disabled={!timing?.canOrderNow}
                onChange={() => changeSchedule(() => setScheduledChoice(false))}
              />
              <span>{scheduleMessages.now}</span>
            </label>
            <label className="segmented__option">
              <input
                type="radio"
                name={`${formId}-timing`}
                checked={scheduled}
                disabled={!canSchedule}
                onChange={() => changeSchedule(() => setScheduledChoice(true))}
              />
              <span>{scheduleMessages.scheduled}</span>
            </label>
          </fieldset>
          {scheduled ? (
            <div className="checkout-grid">
              <label className="checkout-field">
                <span>{scheduleMessages.day}</span>
                <select
                  value={dayChosen?.date ?? ''}
                  aria-describedby={describedBy('schedule', scheduleError)}
                  onChange={(event) => {
                    const day = days.find((candidate) => candidate.date === event.target.value);
                    if (day?.slots[0]) changeSchedule(() => setSlotAt(day.slots[0]?.at ?? null));
                  }}
                >
                  {days.map((day) => (
                    <option key={day.date} value={day.date}>
                      {`${scheduleMessages.dayNames[day.dayOfWeek]} ${day.date.slice(8, 10)}/${day.date.slice(5, 7)}`}
                    </option>
                  ))}
                </select>
              </label>
              <label className="checkout-field">
                <span>{scheduleMessages.hour}</span>
                <select
                  value={slot ? String(slot.slot.at) : ''}
                  aria-describedby={describedBy('schedule', scheduleError)}
                  onChange={(event) => changeSchedule(() => setSlotAt(Number(event.target.value)))}
                >
                  {(dayChosen?.slots ?? []).map((candidate) => (
                    <option key={candidate.at} value={String(candidate.at)}>
                      {candidate.time}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          ) : null}
          {errorText('schedule', scheduleError)}
        </section>
      ) : null}

      <section className="checkout-card">
        <div className="notes-field">
          <label htmlFor={`${formId}-notes`}>Notas del pedido</label>
          <textarea
            id={`${formId}-notes`}
            rows={3}
            value={notes}
            aria-describedby={counter ? `${formId}-notes-counter` : undefined}
            onChange={(event) => setNotes(notesApplyInput(event.target.value, notesMax))}
          />
          {counter ? (
            <span id={`${formId}-notes-counter`} className="notes-field__counter">
              {counter}
            </span>
          ) : null}
        </div>
      </section>

      <section className="checkout-card" aria-labelledby={`${formId}-summary`}>
        <h2 id={`${formId}-summary`}>Resumen</h2>
        <dl className="checkout-breakdown">
          {pricing.lines.map((line) => {
            const item = cart.items[line.index];
            return (
              <div key={line.key} className="checkout-breakdown__row">
                <dt>{`${line.quantity} x ${item?.name ?? ''}`}</dt>
                <dd>{moneyFormat(line.net, country)}</dd>
              </div>
            );
          })}
          {pricing.codeDiscount ? (
            <div className="checkout-breakdown__row checkout-breakdown__row--discount">
              <dt>{`${codeDiscountMessages.title} (${pricing.codeDiscount.name})`}</dt>
              <dd>{`-${moneyFormat(pricing.codeDiscount.amount, country)}`}</dd>
            </div>
          ) : null}
          {pricing.generalDiscounts.map((discount) => (
            <div
              key={`d-${discount.name}`}
              className="checkout-breakdown__row checkout-breakdown__row--discount"
            >
              <dt>{discount.name}</dt>
              <dd>{`-${moneyFormat(discount.amount, country)}`}</dd>
            </div>
          ))}
          {pricing.surcharges.map((surcharge) => (
            <div key={`s-${surcharge.name}`} className="checkout-breakdown__row">
              <dt>{surcharge.name}</dt>
              <dd>{moneyFormat(surcharge.amount, country)}</dd>
            </div>
          ))}
          {delivery ? (
            <div className="checkout-breakdown__row">
              <dt>Envío</dt>
              {/* Until the zone's fee is known, 'Gratis' would be a promise the order may not keep. */}
              <dd>
                {deliveryInfo
                  ? deliveryFeeText(pricing.deliveryFee.amount, country)
                  : checkoutMessages.feeUnknown}
              </dd>
            </div>
          ) : null}
          {chargesData ? (
            <div className="checkout-breakdown__row">
              <dt>Tarifa de servicio</dt>
              <dd>{serviceFeeText(pricing.serviceFee.amount, country)}</dd>
            </div>
          ) : null}
          <div className="checkout-breakdown__row checkout-breakdown__total">
            <dt>Total</dt>
            <dd>{moneyFormat(pricing.total, country)}</dd>
          </div>
        </dl>
      </section>

      {/* Checks that belong to no field (the minimum, the fee being computed) would otherwise show only when last. */}
      {generalErrors.length > 0 ? (
        <ul className="checkout-errors">
          {generalErrors.map((error) => (
            <li key={error.code} className="field-error">
              {error.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="checkout-actions">
        <a className="button button--bordered" href={`${cartPath(contact.alias)}${search}`}>
          Volver
        </a>
        <button type="submit" className="button" disabled={sending} aria-busy={sending}>
          {sending ? 'Enviando…' : 'Enviar pedido'}
        </button>
      </div>

      <CodeDiscountModal
        open={codeOpen}
        code={codeText}
        status={codeStatus}
        error={codeError}
        terms={code?.terms ?? []}
        onChange={(value) => {
          setCodeText(value);
          if (codeStatus !== 'loading') setCodeStatus('init');
          setCodeError(null);
        }}
        onApply={() => void applyCode()}
        onClose={() => setCodeOpen(false)}
      />
      <ConfirmDialog
        open={pendingPayment !== null}
        title={codeDiscountMessages.paymentChangeWarning}
        question={cartMessages.confirmClearQuestion}
        onConfirm={() => {
          if (pendingPayment) setPaymentId(pendingPayment);
          removeCode();
          setPendingPayment(null);
        }}
        onCancel={() => setPendingPayment(null)}
      />
      <ConfirmDialog
        open={priceChange !== null}
        title={checkoutMessages.priceChangedTitle}
        question={
          priceChange
            ? checkoutMessages.priceChangedQuestion(
                moneyFormat(moneyToMinor(priceChange.price, mantissa), country),
              )
            : ''
        }
        confirmLabel="Enviar pedido"
        onConfirm={() => {
          const price = priceChange?.price;
          setPriceChange(null);
          void send(price);
        }}
        onCancel={() => setPriceChange(null)}
      />
    </form>,
  );
}
