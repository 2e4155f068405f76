import { riderMessages } from '@comanda/domain/messages';
import {
  type RiderShiftVariant,
  riderLookupErrorMessage,
  riderSaveErrorMessage,
  riderSecurityCodeCheck,
  riderShiftAfterLookup,
  riderShiftAfterSubmit,
  riderShiftButton,
  riderShiftGreeting,
} from '@comanda/domain/rider-forms';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { type RiderView, riderCreate, riderLookup, riderUpdate } from '../api/rider-api';
import { riderPhoneChecks, useRiderPhoneText } from '../lib/phone-checks';
import {
  type RiderPending,
  riderPendingGet,
  riderPendingSet,
  riderSessionGet,
  riderSessionSet,
} from '../lib/session';
import { riderTexts } from '../lib/texts';
import { riderListPath, riderShiftPath, riderShipmentsLink } from '../paths';
import type { RiderLocation } from '../types';
import { RiderLogo } from './rider-layout';

/** follow-up §3 "page status values" of the rider pages. */
type PageStatus = 'idle' | 'loading' | 'success' | 'failed';

const STEPS_NEEDING_A_RIDER: readonly RiderShiftVariant[] = ['logIn', 'logOut'];

/**
 * The shift page (follow-up §2.7, §4.6): the phone, then register or the
 * security code to start or end the shift. The forms' checks, messages and
 * where each step leads are the domain's (rider-forms.ts).
 */
export function RiderShiftPage({
  location,
  variant,
}: {
  location: RiderLocation;
  variant: RiderShiftVariant;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const formId = useId();
  const { branchContactId, alias } = location;
  const [pending] = useState<RiderPending | null>(() => riderPendingGet(branchContactId));
  const [session] = useState(() => riderSessionGet(branchContactId));
  const [status, setStatus] = useState<PageStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [phoneConfirmation, setPhoneConfirmation] = useState('');
  const [name, setName] = useState('');
  const [securityCode, setSecurityCode] = useState('');
  const country = location.country.code;
  const pendingPhoneText = useRiderPhoneText(pending?.phone ?? '');
  const phoneChecksLoad = () => void riderPhoneChecks();

  // The code steps need the rider the phone step found (or the one on shift here, to end it).
  const rider =
    pending?.riderId != null && pending.name
      ? { id: pending.riderId, name: pending.name }
      : session
        ? { id: session.riderId, name: session.name }
        : null;
  const missingRider =
    (STEPS_NEEDING_A_RIDER.includes(variant) && !rider) || (variant === 'register' && !pending?.phone);
  useEffect(() => {
    if (missingRider) navigate(riderShiftPath(alias, 'phoneIntake'), { replace: true });
  }, [missingRider, navigate, alias]);

  const failed = (message: string) => {
    setStatus('failed');
    toast(message, 'error');
  };

  /** The shift started: keep the token and go to the rider's shipments. */
  const started = (answer: RiderView) => {
    if (!answer.session) return failed(riderMessages.genericError);
    riderSessionSet(branchContactId, {
      token: answer.session.token,
      expiresAt: answer.session.expiresAt,
      riderId: answer.id,
      name: answer.name,
      phone: answer.phone,
    });
    riderPendingSet(branchContactId, null);
    setStatus('success');
    navigate(riderShipmentsLink(alias, answer.id));
  };

  /**
   * A refused save: 400 is the code ('El código de seguridad es erróneo'), any other failure the
   * generic text (§8); except the answers the spec predates, whose message says what to do:
   * too many attempts (429) and a shift that cannot end with a shipment in progress (409).
   */
  const saveFailed = (caught: unknown) => {
    if (
      caught instanceof ApiError &&
      (caught.status === 429 || (caught.status === 409 && variant === 'logOut'))
    )
      return failed(caught.message);
    failed(riderSaveErrorMessage(caught instanceof ApiError ? caught.status : 0));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'loading') return;
    if (variant === 'phoneIntake') {
      const { riderPhoneIntakeCheck } = await riderPhoneChecks();
      const check = riderPhoneIntakeCheck(phone, country);
      setError(check.message);
      if (!check.phone) return;
      setStatus('loading');
      try {
        const found = await riderLookup(branchContactId, check.phone);
        riderPendingSet(branchContactId, {
          phone: found.phone,
          riderId: found.id,
          name: found.name,
          active: found.active,
        });
        setStatus('success');
        navigate(riderShiftPath(alias, riderShiftAfterLookup({ found: true, active: found.active })));
      } catch (caught) {
        const httpStatus = caught instanceof ApiError ? caught.status : 0;
        const message = riderLookupErrorMessage(httpStatus);
        if (message) return failed(message);
        riderPendingSet(branchContactId, { phone: check.phone, riderId: null, name: null, active: false });
        setStatus('success');
        navigate(riderShiftPath(alias, riderShiftAfterLookup({ found: false })));
      }
      return;
    }
    if (variant === 'register') {
      if (!pending) return;
      const { riderRegisterCheck } = await riderPhoneChecks();
      const check = riderRegisterCheck(
        { phone: pending.phone, phoneConfirmation, name, securityCode: securityCode.trim() },
        country,
      );
      // The code's own rule too (4 digits), as the server applies it.
      const message = check.message ?? riderSecurityCodeCheck(securityCode.trim()).message;
      setError(message);
      if (!check.phone || message) return;
      setStatus('loading');
      try {
        const answer = await riderCreate(branchContactId, {
          name: name.trim(),
          phone: check.phone,
          securityCode: securityCode.trim(),
        });
        if (riderShiftAfterSubmit('register', answer) === 'shipments') started(answer);
      } catch (caught) {
        saveFailed(caught);
      }
      return;
    }
    if (!rider) return;
    const check = riderSecurityCodeCheck(securityCode.trim());
    setError(check.message);
    if (check.message) return;
    setStatus('loading');
    try {
      const answer = await riderUpdate(rider.id, branchContactId, variant === 'logIn', securityCode.trim());
      const next = riderShiftAfterSubmit(variant, answer);
      if (next === 'shipments') return started(answer);
      if (next === 'success') {
        riderSessionSet(branchContactId, null);
        riderPendingSet(branchContactId, null);
        setStatus('success');
        navigate(riderShiftPath(alias, 'success'), { replace: true });
        return;
      }
      failed(riderMessages.genericError);
    } catch (caught) {
      saveFailed(caught);
    }
  };

  const greeting = riderShiftGreeting(variant, rider?.name);
  const button = riderShiftButton(variant);
  const errorId = `${formId}-error`;
  const described = error ? errorId : undefined;
  const codeField = (
    <div className="rider-field">
      <label htmlFor={`${formId}-code`}>{riderMessages.securityCode}</label>
      <input
        id={`${formId}-code`}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        value={securityCode}
        aria-describedby={`${formId}-code-hint${described ? ` ${described}` : ''}`}
        onChange={(event) => setSecurityCode(event.target.value.replace(/\D/g, ''))}
      />
      <span id={`${formId}-code-hint`} className="rider-field__hint">
        {riderTexts.securityCodeHint}
      </span>
    </div>
  );

  return (
    <section className="rider-shift" aria-labelledby={`${formId}-title`}>
      <div className="rider-shift__brand">
        <RiderLogo location={location} size={72} />
        <h1 id={`${formId}-title`} className="rider-shift__title">
          {riderMessages.title}
        </h1>
        <p className="rider-shift__location">{location.name}</p>
      </div>
      {greeting ? <h2 className="rider-shift__greeting">{greeting}</h2> : null}

      {variant === 'success' ? (
        <div className="rider-shift__done" role="status">
          <span className="rider-shift__check" aria-hidden="true">
            ✓
          </span>
          <p>{riderMessages.shiftEnded}</p>
          <Link className="link" to={riderShiftPath(alias, 'phoneIntake')}>
            {riderMessages.startShift}
          </Link>
        </div>
      ) : (
        <form className="rider-form" noValidate onSubmit={submit} aria-busy={status === 'loading'}>
          {variant === 'phoneIntake' ? (
            <>
              {session ? (
                <p className="rider-notice">
                  Tienes un turno en curso.{' '}
                  <Link className="link" to={riderListPath(alias)}>
                    Ver envíos
                  </Link>
                </p>
              ) : null}
              <div className="rider-field">
                <label htmlFor={`${formId}-phone`}>{riderMessages.phoneIntakeLabel}</label>
                <input
                  id={`${formId}-phone`}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder={riderMessages.phonePlaceholder}
                  value={phone}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={described}
                  onFocus={phoneChecksLoad}
                  onChange={(event) => setPhone(event.target.value)}
                />
              </div>
            </>
          ) : null}
          {variant === 'register' && pending ? (
            <>
              <div className="rider-field">
                <label htmlFor={`${formId}-locked`}>Teléfono</label>
                <input id={`${formId}-locked`} type="tel" value={pendingPhoneText} readOnly />
                <Link className="link rider-field__hint" to={riderShiftPath(alias, 'phoneIntake')}>
                  {riderTexts.changePhone}
                </Link>
              </div>
              <div className="rider-field">
                <label htmlFor={`${formId}-confirm`}>{riderMessages.confirmPhone}</label>
                <input
                  id={`${formId}-confirm`}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  placeholder={riderMessages.phonePlaceholder}
                  value={phoneConfirmation}
                  aria-describedby={described}
                  onFocus={phoneChecksLoad}
                  onChange={(event) => setPhoneConfirmation(event.target.value)}
                />
              </div>
              <div className="rider-field">
                <label htmlFor={`${formId}-name`}>{riderMessages.fullName}</label>
                <input
                  id={`${formId}-name`}
                  type="text"
                  autoComplete="name"
                  maxLength={80}
                  value={name}
                  aria-describedby={described}
                  onChange={(event) => setName(event.target.value)}
                />
              </div>
              {codeField}
            </>
          ) : null}
          {variant === 'logIn' || variant === 'logOut' ? codeField : null}
          {error ? (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          {button ? (
            <button type="submit" className="button rider-form__submit" disabled={status === 'loading'}>
              {status === 'loading' ? riderTexts.sending : button}
            </button>
          ) : null}
        </form>
      )}
    </section>
  );
}
