/** 'Mis datos' (ordering §2 Checkout): the diner's data and, for delivery, the address. */
import type { CheckoutError } from '@comanda/domain/checkout-validation';
import { PHONE_COUNTRIES, PHONE_COUNTRY_LABELS } from '@comanda/domain/phone';
import { tableNumberMessages, tableNumberNote } from '@comanda/domain/table-number';
import type { ApiBranchContact, ApiOrderMode } from '../../../types/api';
import type { CustomerFields as Fields } from '../hooks/use-customer-fields';
import { FieldError, fieldErrorId } from './field-error';

interface Props {
  formId: string;
  contact: ApiBranchContact;
  modeType: ApiOrderMode['type'];
  fields: Fields;
  documentLabel: string;
  fieldError: (field: CheckoutError['field']) => string | null;
  clearError: (field: CheckoutError['field']) => void;
  address: { text: string | null; open: (() => void) | null } | null;
}

export function CustomerFields({
  formId,
  contact,
  modeType,
  fields,
  documentLabel,
  fieldError,
  clearError,
  address,
}: Props) {
  const nameError = fieldError('name');
  const phoneError = fieldError('phone') ?? fields.phoneError;
  const emailError = fieldError('email');
  const documentError = fieldError('document');
  const tableError = fieldError('tableNumber');
  const addressError = fieldError('address') ?? fieldError('betweenStreets');
  // A table QR code's table read outside dine-in is said to be left out, never sent silently.
  const tableNote = tableNumberNote({
    table: fields.linkTable,
    orderModeType: modeType,
    dineInName:
      contact.deliveryConfig.orderModes.find((m) => m.type === 'DINE_IN' && m.active)?.showName ?? null,
  });
  const describedBy = (field: string, error: string | null) => fieldErrorId(formId, field, error);

  return (
    <section className="checkout-card" aria-labelledby={`${formId}-data`}>
      <h2 id={`${formId}-data`}>Mis datos</h2>
      <div className="checkout-grid">
        <div className="checkout-field checkout-field--wide">
          <label htmlFor={`${formId}-name`}>Nombre</label>
          <input
            id={`${formId}-name`}
            value={fields.name}
            autoComplete="name"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={describedBy('name', nameError)}
            onChange={(event) => {
              fields.setName(event.target.value);
              clearError('name');
            }}
          />
          <FieldError formId={formId} field="name" error={nameError} />
        </div>
        <div className="checkout-field checkout-field--wide">
          <label htmlFor={`${formId}-phone`}>Teléfono</label>
          <div className="checkout-phone">
            <select
              aria-label="País del teléfono"
              value={fields.phoneCountry}
              onChange={(event) => fields.setPhoneCountry(event.target.value)}
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
              value={fields.phone}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={describedBy('phone', phoneError)}
              onChange={(event) => {
                fields.setPhone(event.target.value);
                clearError('phone');
              }}
            />
          </div>
          <FieldError formId={formId} field="phone" error={phoneError} />
        </div>
        {/* Always offered (an email is where the venue can write about the order); required only where
            the location demands it (ordering §5), and checked for form whenever one is typed. */}
        <div className="checkout-field">
          <label htmlFor={`${formId}-email`}>{contact.mandatoryEmail ? 'Email' : 'Email (opcional)'}</label>
          <input
            id={`${formId}-email`}
            type="email"
            autoComplete="email"
            required={contact.mandatoryEmail}
            value={fields.email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={describedBy('email', emailError)}
            onChange={(event) => {
              fields.setEmail(event.target.value);
              clearError('email');
            }}
          />
          <FieldError formId={formId} field="email" error={emailError} />
        </div>
        <div className="checkout-field">
          <label htmlFor={`${formId}-document`}>{documentLabel}</label>
          <input
            id={`${formId}-document`}
            inputMode="numeric"
            value={fields.document}
            aria-invalid={documentError ? true : undefined}
            aria-describedby={describedBy('document', documentError)}
            onChange={(event) => {
              fields.setDocument(event.target.value);
              clearError('document');
            }}
          />
          <FieldError formId={formId} field="document" error={documentError} />
        </div>
        {modeType === 'DINE_IN' ? (
          <div className="checkout-field">
            <label htmlFor={`${formId}-table`}>Número de mesa</label>
            {fields.tableLocked ? (
              <>
                <input
                  id={`${formId}-table`}
                  className="checkout-table--locked"
                  value={fields.tableNumber}
                  readOnly
                  aria-describedby={`${formId}-table-locked`}
                />
                <p id={`${formId}-table-locked`} className="checkout-field__hint">
                  {tableNumberMessages.locked}
                </p>
              </>
            ) : (
              <>
                <input
                  id={`${formId}-table`}
                  inputMode="numeric"
                  value={fields.tableNumber}
                  aria-invalid={tableError ? true : undefined}
                  aria-describedby={describedBy('table', tableError)}
                  onChange={(event) => {
                    fields.setTableNumber(event.target.value);
                    clearError('tableNumber');
                  }}
                />
                <FieldError formId={formId} field="table" error={tableError} />
              </>
            )}
          </div>
        ) : null}
      </div>
      {tableNote ? (
        <p className="checkout-table-note" role="note">
          {tableNote}
        </p>
      ) : null}
      {/* (ours) The spec's checkout has no box; consent is asked, never assumed, and a signed-in diner's last answer is kept. */}
      <label className="option checkout-opt-in">
        <input
          type="checkbox"
          checked={fields.optIn}
          onChange={(event) => fields.setOptIn(event.target.checked)}
        />
        <span>{`Quiero recibir recordatorios y promociones de ${contact.branch.name} por WhatsApp`}</span>
      </label>
      {address ? (
        <div className="checkout-address" data-invalid={addressError ? true : undefined}>
          <span className="checkout-address__label">Dirección de entrega</span>
          <span>{address.text ?? 'Sin dirección'}</span>
          {address.open ? (
            <button
              type="button"
              className="button button--bordered button--small"
              aria-describedby={describedBy('address', addressError)}
              onClick={address.open}
            >
              {address.text ? 'Cambiar' : 'Ingresar dirección'}
            </button>
          ) : null}
          <FieldError formId={formId} field="address" error={addressError} />
        </div>
      ) : null}
    </section>
  );
}
