import { sessionMessages } from '@comanda/domain/messages';
import { sessionSignInMessage } from '@comanda/domain/session';
import { useId } from 'react';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { type SignInPlace, useSignIn } from '../hooks/use-sign-in';
import { SIGN_IN_CODE_LENGTH, signInTexts } from '../lib/sign-in-problem';
import { PhoneField } from './phone-field';
import '../account.css';

interface SignInModalProps {
  place: SignInPlace;
  onClose: () => void;
  /** After 'Inicio de sesión con éxito': the session is kept already. */
  onSignedIn: () => void;
}

/**
 * The 'Iniciar sesión' modal (ordering §2, §5 "Phone"), by phone and with no
 * password: the phone (the spec's countries, the venue's own first) gets a
 * one-time code by WhatsApp, and the code signs in (ADR 018). Where the API
 * hands the code back (CUSTOMER_CODE_IN_ANSWER, demos and tests; production
 * refuses it), the modal shows it as 'Código de prueba'.
 */
export function SignInModal({ place, onClose, onSignedIn }: SignInModalProps) {
  const toast = useToast();
  const ids = useId();
  const flow = useSignIn(place, {
    onSignedIn: () => {
      toast(sessionSignInMessage(true), 'success');
      onSignedIn();
    },
    onFailed: (message) => toast(message, 'error'),
  });
  const problem = flow.problem;
  const fieldMessage = (field: 'phone' | 'code') =>
    problem?.field === field ? (
      <p id={`${ids}-${field}-error`} className="field-error" role="alert">
        {problem.message}
      </p>
    ) : null;
  // A wait the API asked for stays on screen while the button waits with it.
  const wait =
    problem?.field === null ? (
      <p className="notice notice--error" role="alert">
        {problem.message}
      </p>
    ) : null;

  return (
    <Modal open title={sessionMessages.signInTitle} onClose={onClose}>
      {flow.step === 'phone' ? (
        <form
          className="account-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void flow.requestCode();
          }}
        >
          <p className="muted">
            Te enviaremos un código por WhatsApp para confirmar que el teléfono es tuyo.
          </p>
          <label htmlFor={`${ids}-phone`}>Teléfono</label>
          <PhoneField
            id={`${ids}-phone`}
            country={flow.country}
            onCountryChange={flow.setCountry}
            value={flow.phone}
            onChange={flow.setPhone}
            errorId={problem?.field === 'phone' ? `${ids}-phone-error` : undefined}
          />
          {fieldMessage('phone')}
          {wait}
          <button type="submit" className="button account-form__submit" disabled={flow.busy || flow.waiting}>
            {flow.busy ? 'Enviando…' : 'Recibir código'}
          </button>
        </form>
      ) : (
        <form
          className="account-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void flow.verify();
          }}
        >
          <p>
            {signInTexts.codeSentTo} <strong className="account-nowrap">{flow.sent?.display}</strong>.
          </p>
          {flow.sent?.demoCode ? (
            <p className="account-demo-code">
              {signInTexts.demoCode} <strong>{flow.sent.demoCode}</strong>
            </p>
          ) : null}
          <label htmlFor={`${ids}-code`}>Código</label>
          <input
            id={`${ids}-code`}
            className="account-code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SIGN_IN_CODE_LENGTH}
            value={flow.code}
            aria-invalid={problem?.field === 'code' ? true : undefined}
            aria-describedby={problem?.field === 'code' ? `${ids}-code-error` : undefined}
            onChange={(event) => flow.setCode(event.target.value)}
          />
          {fieldMessage('code')}
          {wait}
          <button type="submit" className="button account-form__submit" disabled={flow.busy}>
            {flow.busy ? 'Ingresando…' : 'Ingresar'}
          </button>
          <div className="account-form__links">
            <button type="button" className="link-button" onClick={flow.changePhone}>
              Cambiar número
            </button>
            <button
              type="button"
              className="link-button"
              disabled={flow.busy || flow.waiting}
              onClick={() => void flow.requestCode()}
            >
              Enviar otro código
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
