/**
 * The address modal '¿Dónde te encuentras?' (ordering §2, §3 "User location",
 * §4 "Geolocation states", §5 "Address modal", §8). Two tabs: 'Mi dirección'
 * (search with suggestions and a map) and 'Mi ubicación' (the device's
 * coordinates, a movable marker with reverse geocoding, and the manual fields).
 * CONTINUAR validates with the domain's rules, stores the location, fetches the
 * delivery info and says what it means (outside the zone, no riders).
 *
 * The storefront imports this module with `React.lazy`: it, Leaflet and their
 * CSS load only when the modal is first opened.
 */
import {
  ADDRESS_COMPLEX_INPUT_ALIASES,
  type AddressError,
  type AddressFields,
  addressCloseMessage,
  addressToLocation,
  addressUsesComplexInputs,
  addressValidate,
} from '@comanda/domain/address';
import { addressMessages, orderErrorMessages } from '@comanda/domain/messages';
import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { MODAL_CLOSE_MS } from '../../../components/ui/modal';
import { ToastOutlet, useToast } from '../../../components/ui/toast';
import { analyticsTrack } from '../../../lib/analytics';
import { clientLogReport } from '../../../lib/client-log';
import { locationStore } from '../../../stores/location-store';
import { type GeoAddress, geoAddressLine, geoReverse, geoSearch } from '../api/geo';
import type { LatLng } from './address-map';
import { AddressSearch } from './address-search';
import './address-modal.css';

// The map is the heaviest part (Leaflet): the fields are usable while it loads.
const AddressMap = lazy(() => import('./address-map'));

export interface AddressModalProps {
  open: boolean;
  onClose: () => void;
  branchContact: {
    id: number;
    alias: string;
    coordinates: { lat: number; lng: number } | null;
    deliveryConfig: {
      betweenStreetsRequired: boolean;
      /** When given, the take-away mode's name goes into the outside-the-zone advice. */
      orderModes?: readonly { type: string; showName: string }[];
    };
  };
  /** The diner must give an address: closing without one shows 'Debe ingresar la dirección'. */
  mandatory: boolean;
  /** Decimals of the currency (delivery info arrives in major units). */
  mantissaLength: number;
  /** Called after CONTINUAR stored an address inside the delivery area, before the modal closes. */
  onSubmitted?: () => void;
  /**
   * 'branch-location': opened on the branch screen, where the address only places the diner (each
   * location card then says whether it delivers there: 'Este local no realiza envíos a tu dirección.').
   */
  variant?: 'menu' | 'branch-location';
  /** Overrides whether the coordinates tab uses complex inputs (postal code, city, province required). */
  complexInputs?: boolean | null;
  /**
   * Opened because the stored address lacks a field the complex inputs force (ordering §4 "Delivery
   * info"): it starts on 'Mi ubicación' with the stored fields, the missing ones already marked.
   */
  completeStored?: boolean;
}

type Tab = AddressFieldsRules['tab'];
type AddressFieldsRules = Parameters<typeof addressValidate>[1];
type TextFields = Required<Omit<AddressFields, 'coords'>>;
type Outcome = { kind: 'outside' } | { kind: 'failed' } | { kind: 'unlocated' } | null;
type GeolocationState = 'idle' | 'loading' | 'error' | 'success';
type ReverseState = 'idle' | 'loading' | 'found' | 'none' | 'error';

const EMPTY: TextFields = {
  direccion: '',
  aclaraciones: '',
  entrecalles: '',
  postalCode: '',
  city: '',
  province: '',
};

/** Ours: the spec names no text for these states. */
const texts = {
  locating: 'Obteniendo coordenadas…',
  located: 'Coordenadas obtenidas. Revisa el marcador y completa los campos.',
  reverseLoading: 'Buscando la dirección de ese punto…',
  reverseFound: 'Completamos la dirección de ese punto. Revísala.',
  reverseNone: 'No encontramos una dirección en ese punto. Escríbela en los campos.',
  reverseFailed: 'No pudimos obtener la dirección de ese punto. Escríbela en los campos.',
  feeFailed: 'No pudimos calcular el envío. Inténtalo de nuevo.',
  unlocated:
    'No pudimos ubicar esa dirección en el mapa. Marca tu ubicación en el mapa o usa Obtener mis coordenadas.',
  checking: 'Consultando la zona de entrega…',
  required: 'Obligatorio',
  mapLabel: 'Mapa de tu ubicación',
} as const;

const FIELD_LABELS: Record<keyof TextFields, string> = {
  direccion: 'Dirección',
  aclaraciones: 'Aclaraciones (piso, depto.)',
  entrecalles: 'Entrecalles',
  postalCode: 'Código postal',
  city: 'Localidad',
  province: 'Provincia',
};

const AUTOCOMPLETE: Record<keyof TextFields, string> = {
  direccion: 'address-line1',
  aclaraciones: 'address-line2',
  entrecalles: 'off',
  postalCode: 'postal-code',
  city: 'address-level2',
  province: 'address-level1',
};

/** The modal's fields from the stored location, so 'Cambiar' starts from the current address. */
function fieldsFromStore(): { fields: TextFields; coords: LatLng | null } {
  const location = locationStore.get().location;
  if (!location) return { fields: EMPTY, coords: null };
  return {
    fields: {
      direccion: location.street ?? '',
      aclaraciones: location.details ?? '',
      entrecalles: location.betweenStreets ?? '',
      postalCode: location.postalCode ?? '',
      city: location.city ?? '',
      province: location.locality ?? '',
    },
    coords:
      location.lat !== undefined && location.lng !== undefined
        ? { lat: location.lat, lng: location.lng }
        : null,
  };
}

/** The address modal. Renders nothing while closed. */
export function AddressModal(props: AddressModalProps) {
  if (!props.open) return null;
  return <AddressDialog {...props} />;
}

export default AddressModal;

function AddressDialog({
  onClose,
  branchContact,
  mandatory,
  mantissaLength,
  onSubmitted,
  variant = 'menu',
  complexInputs,
  completeStored = false,
}: AddressModalProps) {
  const id = useId();
  const toast = useToast();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [closing, setClosing] = useState(false);
  const [tab, setTab] = useState<Tab>(completeStored ? 'location' : 'address');
  const initial = useRef(fieldsFromStore()).current;
  const [fields, setFields] = useState<TextFields>(initial.fields);
  const [coords, setCoords] = useState<LatLng | null>(initial.coords);
  // Whether `coords` came from the geocoder (search, typed address) rather than the device or the map.
  const [geocoded, setGeocoded] = useState(true);
  const [searchText, setSearchText] = useState(initial.fields.direccion);
  const [selected, setSelected] = useState<string | null>(initial.coords ? initial.fields.direccion : null);
  const [geolocation, setGeolocation] = useState<GeolocationState>('idle');
  const [reverse, setReverse] = useState<ReverseState>('idle');
  const [attempted, setAttempted] = useState(completeStored);
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [closeMessage, setCloseMessage] = useState<string | null>(null);
  const reverseRequest = useRef<AbortController | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const fieldRefs = useRef<Partial<Record<keyof TextFields, HTMLInputElement | null>>>({});
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ address: null, location: null });
  const alertRef = useRef<HTMLDivElement>(null);

  const complex = addressUsesComplexInputs({
    branchContactId: branchContact.alias,
    complexInputsBranchContactIds: ADDRESS_COMPLEX_INPUT_ALIASES,
    override: complexInputs,
  });
  const rules: AddressFieldsRules = {
    complexInputs: complex,
    tab,
    betweenStreetsRequired: branchContact.deliveryConfig.betweenStreetsRequired,
  };
  const errors: AddressError[] = attempted ? addressValidate({ ...fields, coords }, rules) : [];
  const errorOf = (field: AddressError['field']) =>
    errors.find((error) => error.field === field)?.message ?? null;
  const allRequired = errorOf('required');
  const complexFields: (keyof TextFields)[] = ['direccion', 'postalCode', 'city', 'province'];
  const isRequired = (field: keyof TextFields) =>
    field === 'direccion' ||
    (field === 'entrecalles' && rules.betweenStreetsRequired) ||
    (complex && tab === 'location' && complexFields.includes(field));

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => reverseRequest.current?.abort();
  }, []);

  const ids = {
    title: `${id}-title`,
    alert: `${id}-alert`,
    tab: (which: Tab) => `${id}-tab-${which}`,
    panel: (which: Tab) => `${id}-panel-${which}`,
    field: (field: keyof TextFields) => `${id}-${field}`,
    error: (field: keyof TextFields) => `${id}-${field}-error`,
  };

  /** Moves focus (and the scroll) to the message under the fields once it is rendered, so it is read and seen. */
  const showAlert = () =>
    window.requestAnimationFrame(() => {
      alertRef.current?.focus({ preventScroll: true });
      alertRef.current?.scrollIntoView({ block: 'nearest' });
    });

  /** Closing, cancelling, Escape or the backdrop: refused with the spec's message while a mandatory address is missing. */
  const requestClose = () => {
    if (closing) return;
    const message = addressCloseMessage(mandatory && !locationStore.get().location);
    if (message) {
      setCloseMessage(message);
      showAlert();
      return;
    }
    setClosing(true);
    window.setTimeout(() => {
      dialogRef.current?.close();
      onClose();
    }, MODAL_CLOSE_MS);
  };

  const edit = (field: keyof TextFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setOutcome(null);
    setCloseMessage(null);
  };

  const fillFrom = (address: GeoAddress) => {
    setFields((current) => ({
      ...current,
      direccion: geoAddressLine(address),
      postalCode: address.postalCode ?? '',
      city: address.city ?? '',
      province: address.province ?? '',
    }));
  };

  const pick = (address: GeoAddress) => {
    fillFrom(address);
    setSearchText(address.label);
    setSelected(address.label);
    setCoords({ lat: address.lat, lng: address.lng });
    setGeocoded(true);
    setOutcome(null);
    setCloseMessage(null);
  };

  const onSearchChange = (text: string) => {
    setSearchText(text);
    setOutcome(null);
    setCloseMessage(null);
    if (selected !== null) {
      // Typing again drops the chosen address: CONTINUAR needs a new choice.
      setSelected(null);
      setCoords(null);
      setFields((current) => ({ ...current, direccion: '', postalCode: '', city: '', province: '' }));
    }
  };

  /** The marker moved (device, drag, click): its address fills the fields when one is near. */
  const moveTo = (point: LatLng) => {
    setCoords(point);
    setGeocoded(false);
    setSelected(null);
    setOutcome(null);
    reverseRequest.current?.abort();
    const controller = new AbortController();
    reverseRequest.current = controller;
    setReverse('loading');
    geoReverse(point, controller.signal).then(
      (address) => {
        if (controller.signal.aborted) return;
        if (address) {
          fillFrom(address);
          setSearchText(address.label);
          setSelected(address.label);
        }
        setReverse(address ? 'found' : 'none');
      },
      () => !controller.signal.aborted && setReverse('error'),
    );
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setGeolocation('error');
      return;
    }
    setGeolocation('loading');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setGeolocation('success');
        moveTo({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (error) => {
        setGeolocation('error');
        // A refused permission is the diner's choice; a device that cannot locate is worth knowing.
        if (error.code !== error.PERMISSION_DENIED)
          clientLogReport({
            component: 'address/geolocation',
            message: error.message,
            bcId: branchContact.id,
          });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const focusFirstProblem = (problems: AddressError[]) => {
    const first = problems[0];
    if (!first) return;
    if (first.field === 'entrecalles') fieldRefs.current.entrecalles?.focus();
    else if (first.field === 'direccion' && tab === 'address') searchInput.current?.focus();
    else if (first.field === 'direccion') fieldRefs.current.direccion?.focus();
    else {
      const empty = complexFields.find((field) => fields[field].trim() === '');
      if (empty) fieldRefs.current[empty]?.focus();
    }
  };

  const closeAnimated = () => {
    setClosing(true);
    window.setTimeout(() => {
      dialogRef.current?.close();
      onClose();
    }, MODAL_CLOSE_MS);
  };

  const submit = async () => {
    if (submitting) return;
    setAttempted(true);
    setCloseMessage(null);
    setOutcome(null);
    const problems = addressValidate({ ...fields, coords }, rules);
    if (problems.length > 0) {
      focusFirstProblem(problems);
      return;
    }
    setSubmitting(true);
    let point = coords;
    let fromGeocoder = geocoded;
    if (!point) {
      // Typed by hand with no marker: place the typed address with the geocoder.
      const found = await geoSearch(
        [fields.direccion, fields.city].filter(Boolean).join(', '),
        branchContact.id,
      ).catch(() => []);
      const first = found[0];
      if (!first) {
        setSubmitting(false);
        setOutcome({ kind: 'unlocated' });
        return;
      }
      point = { lat: first.lat, lng: first.lng };
      fromGeocoder = true;
      setCoords(point);
    }
    locationStore.set(addressToLocation({ ...fields, coords: point }, fromGeocoder));
    if (variant === 'branch-location') {
      // On the branch screen the address only places the diner: every location card then says how
      // far it is and whether it delivers there, so no single location may refuse the address here.
      setSubmitting(false);
      analyticsTrack('ADDRESS_SUBMIT', {
        branchContactId: branchContact.id,
        payload: { tab, geocoded: fromGeocoder, status: 'stored' },
      });
      onSubmitted?.();
      closeAnimated();
      return;
    }
    const result = await locationStore.refreshDeliveryInfo(branchContact, mantissaLength);
    setSubmitting(false);
    analyticsTrack('ADDRESS_SUBMIT', {
      branchContactId: branchContact.id,
      payload: {
        tab,
        geocoded: fromGeocoder,
        status: result.status,
        insideDeliveryArea: result.info?.insideDeliveryArea ?? null,
        providersFailed: result.info?.providersFailed ?? null,
      },
    });
    if (result.status !== 'success' || !result.info) {
      setOutcome({ kind: 'failed' });
      return;
    }
    if (!result.info.insideDeliveryArea) {
      setOutcome({ kind: 'outside' });
      showAlert();
      return;
    }
    // The address is right; riders are a matter of time. The branch header keeps showing it too.
    if (result.info.providersFailed) toast(orderErrorMessages.noRiders, 'error');
    onSubmitted?.();
    closeAnimated();
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const order: Tab[] = ['address', 'location'];
    const index = order.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? order[(index + 1) % order.length]
        : event.key === 'ArrowLeft'
          ? order[(index - 1 + order.length) % order.length]
          : event.key === 'Home'
            ? order[0]
            : event.key === 'End'
              ? order[order.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const takeAway = branchContact.deliveryConfig.orderModes?.find((mode) => mode.type === 'TAKE_AWAY');
  const alerts: ReactNode[] = [];
  if (closeMessage) alerts.push(<p key="close">{closeMessage}</p>);
  if (outcome?.kind === 'outside') {
    alerts.push(<p key="outside">{orderErrorMessages.outsideZone}</p>);
    alerts.push(
      <p key="advice">
        {takeAway
          ? orderErrorMessages.switchToTakeAway(takeAway.showName)
          : orderErrorMessages.enterAnotherAddress}
      </p>,
    );
  }
  if (outcome?.kind === 'failed') alerts.push(<p key="failed">{texts.feeFailed}</p>);
  if (outcome?.kind === 'unlocated') alerts.push(<p key="unlocated">{texts.unlocated}</p>);
  if (allRequired && tab === 'location') alerts.push(<p key="required">{allRequired}</p>);

  const field = (name: keyof TextFields) => {
    const own = name === 'direccion' || name === 'entrecalles' ? errorOf(name) : null;
    const missing = allRequired !== null && complexFields.includes(name) && fields[name].trim() === '';
    const describedBy = [own ? ids.error(name) : null, missing ? ids.alert : null].filter(Boolean).join(' ');
    return (
      <div className="address-field" key={name}>
        <label htmlFor={ids.field(name)} className="address-field__label">
          {FIELD_LABELS[name]}
          {isRequired(name) ? (
            <>
              {' '}
              <span aria-hidden="true">*</span>
            </>
          ) : null}
        </label>
        <input
          ref={(element) => {
            fieldRefs.current[name] = element;
          }}
          id={ids.field(name)}
          className="address-field__input"
          type="text"
          autoComplete={AUTOCOMPLETE[name]}
          inputMode={name === 'postalCode' ? 'text' : undefined}
          maxLength={name === 'postalCode' ? 12 : 200}
          aria-required={isRequired(name) || undefined}
          aria-invalid={own || missing ? true : undefined}
          aria-describedby={describedBy || undefined}
          value={fields[name]}
          onChange={(event) => edit(name, event.target.value)}
        />
        {own ? (
          <p id={ids.error(name)} className="field-error">
            {own}
          </p>
        ) : null}
      </div>
    );
  };

  const geolocationStatus =
    geolocation === 'loading'
      ? texts.locating
      : geolocation === 'error'
        ? addressMessages.geolocationFailed
        : geolocation === 'success'
          ? texts.located
          : '';
  const reverseStatus =
    reverse === 'loading'
      ? texts.reverseLoading
      : reverse === 'found'
        ? texts.reverseFound
        : reverse === 'none'
          ? texts.reverseNone
          : reverse === 'error'
            ? texts.reverseFailed
            : '';

  const map = (movable: boolean) => (
    <Suspense fallback={<div className="address-map address-map--loading" aria-hidden="true" />}>
      <AddressMap
        point={coords}
        movable={movable}
        onMove={movable ? moveTo : undefined}
        label={texts.mapLabel}
      />
    </Suspense>
  );

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is the backdrop's; Escape is the dialog's cancel event.
    <dialog
      ref={dialogRef}
      className={`modal modal--large address-modal${closing ? ' modal--closing' : ''}`}
      aria-labelledby={ids.title}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) requestClose();
      }}
    >
      <form
        className="modal__panel"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <header className="modal__header">
          <h2 id={ids.title} className="modal__title">
            {addressMessages.title}
          </h2>
          <button type="button" className="icon-button" aria-label="Cerrar" onClick={requestClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="modal__body">
          <div role="tablist" aria-label={addressMessages.title} className="address-tabs">
            {(['address', 'location'] as const).map((which) => (
              <button
                key={which}
                ref={(element) => {
                  tabRefs.current[which] = element;
                }}
                type="button"
                role="tab"
                id={ids.tab(which)}
                aria-selected={tab === which}
                aria-controls={ids.panel(which)}
                tabIndex={tab === which ? 0 : -1}
                className="address-tabs__tab"
                onClick={() => setTab(which)}
                onKeyDown={onTabKeyDown}
              >
                {which === 'address' ? addressMessages.addressTab : addressMessages.locationTab}
              </button>
            ))}
          </div>

          {tab === 'address' ? (
            <div
              role="tabpanel"
              id={ids.panel('address')}
              aria-labelledby={ids.tab('address')}
              className="address-panel"
            >
              <AddressSearch
                branchContactId={branchContact.id}
                value={searchText}
                selected={selected}
                onChange={onSearchChange}
                onPick={pick}
                error={errorOf('direccion')}
                inputRef={searchInput}
              />
              {map(false)}
              <div className="address-grid">
                {field('entrecalles')}
                {field('aclaraciones')}
              </div>
            </div>
          ) : (
            <div
              role="tabpanel"
              id={ids.panel('location')}
              aria-labelledby={ids.tab('location')}
              className="address-panel"
            >
              <div className="address-locate">
                <button
                  type="button"
                  className="button button--bordered"
                  onClick={locate}
                  disabled={geolocation === 'loading'}
                  aria-describedby={`${id}-geolocation`}
                >
                  {addressMessages.getCoordinates}
                </button>
                <p
                  id={`${id}-geolocation`}
                  className={`address-field__status${geolocation === 'error' ? ' address-field__status--error' : ''}`}
                  role={geolocation === 'error' ? 'alert' : 'status'}
                >
                  {geolocationStatus}
                </p>
              </div>
              {map(true)}
              <p className="address-field__status" role="status">
                {reverseStatus}
              </p>
              <div className="address-grid">
                {field('direccion')}
                {field('aclaraciones')}
                {field('entrecalles')}
                {field('postalCode')}
                {field('city')}
                {field('province')}
              </div>
            </div>
          )}

          <p className="address-required-note">
            <span aria-hidden="true">*</span> {texts.required}
          </p>
          <div
            ref={alertRef}
            id={ids.alert}
            tabIndex={-1}
            role="alert"
            className={alerts.length > 0 ? 'notice notice--error address-alert' : 'address-alert--empty'}
          >
            {alerts}
          </div>
          <p className="visually-hidden" role="status">
            {submitting ? texts.checking : ''}
          </p>
        </div>
        <footer className="modal__footer">
          <button type="button" className="button button--bordered" onClick={requestClose}>
            {addressMessages.cancel}
          </button>
          <button type="submit" className="button" disabled={submitting} aria-busy={submitting || undefined}>
            {addressMessages.continue}
          </button>
        </footer>
      </form>
      <ToastOutlet />
    </dialog>
  );
}
