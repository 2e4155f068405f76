import { loyaltyAmountText, loyaltyIsCashback, loyaltyMenuLabel } from '@comanda/domain/loyalty';
import { loyaltyBalanceText } from '@comanda/domain/loyalty-text';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Modal } from '../../../components/ui/modal';
import { type RewardPlace, useRewardSignup } from '../hooks/use-reward-signup';
import { PhoneField } from './phone-field';
import '../account.css';

export const REWARD_MODAL_TITLE = 'Recibe tu premio';

interface RewardSignupModalProps {
  /** The link's reward; null when its value is not an id at all. */
  rewardId: number | null;
  place: RewardPlace;
  onClose: () => void;
}

/** (ours) A reward link whose value is not an id (cut short when copied, typed by hand). */
export const REWARD_LINK_INVALID = 'Este enlace de premio no es válido.';

/**
 * The loyalty reward sign-up (ordering §2, §5 "Loyalty reward sign-up", §8;
 * ADR 029): what the diner gets ('1.500 Brasitas'), then name, phone and
 * email, each refused with the spec's text; the points are credited once per
 * phone. A reward not offered here says so instead of showing the form.
 */
export function RewardSignupModal({ rewardId, place, onClose }: RewardSignupModalProps) {
  const ids = useId();
  const flow = useRewardSignup(rewardId, place);
  const form = useRef<HTMLFormElement>(null);
  const done = useRef<HTMLDivElement>(null);
  const { read, outcome, errors } = flow;
  const credited = outcome?.status === 'credited' ? outcome : null;

  // The form gives way to the result: the focus goes with it, so it is read out and stays in the dialog.
  useEffect(() => {
    if (credited) done.current?.focus();
  }, [credited]);

  const program = read.status === 'offered' ? read.program : null;
  const pointsOf = (points: number) =>
    program
      ? loyaltyBalanceText(program, points, place.country)
      : `${loyaltyAmountText({}, points, place.country)} puntos`;

  const fieldError = (field: 'name' | 'phone' | 'email') =>
    errors[field] ? (
      <p id={`${ids}-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;
  const described = (field: 'name' | 'phone' | 'email') =>
    errors[field] ? `${ids}-${field}-error` : undefined;

  let body: ReactNode;
  if (rewardId === null) {
    body = <Missing message={REWARD_LINK_INVALID} onClose={onClose} />;
  } else if (read.status === 'loading') {
    body = (
      <p className="muted" role="status">
        Cargando el premio…
      </p>
    );
  } else if (read.status === 'failed') {
    body = (
      <div className="notice notice--error" role="alert">
        <p>No pudimos cargar el premio. Inténtalo de nuevo en unos minutos.</p>
        <button type="button" className="button" onClick={flow.retry}>
          Reintentar
        </button>
      </div>
    );
  } else if (read.status === 'missing') {
    body = <Missing message={read.message} onClose={onClose} />;
  } else if (credited) {
    body = (
      <div className="account-reward-done" ref={done} tabIndex={-1} role="status">
        <p className="account-reward-done__title">{`¡Listo! Sumaste ${pointsOf(credited.points)}.`}</p>
        <p>
          {credited.own && program
            ? loyaltyIsCashback(program)
              ? `Lo ves en '${loyaltyMenuLabel(program)}' y lo usas al pagar tus pedidos.`
              : `Los ves en '${loyaltyMenuLabel(program)}' y los canjeas al pagar tus pedidos.`
            : 'Inicia sesión con este teléfono para verlos y canjearlos al pagar tus pedidos.'}
        </p>
        <button type="button" className="button" onClick={onClose}>
          Continuar
        </button>
      </div>
    );
  } else {
    body = (
      <form
        ref={form}
        className="account-form"
        noValidate
        aria-busy={flow.busy}
        onSubmit={(event) => {
          event.preventDefault();
          void flow.submit().then((refused) => {
            if (refused)
              form.current?.querySelector<HTMLElement>(`#${CSS.escape(`${ids}-${refused}`)}`)?.focus();
          });
        }}
      >
        <p className="account-reward">
          <span className="muted">Te regalamos</span>
          <strong className="account-reward__points">{pointsOf(read.reward.reward)}</strong>
        </p>
        <p>Completa tus datos y los sumamos a tu teléfono. Los canjeas al pagar tus próximos pedidos.</p>
        <label htmlFor={`${ids}-name`}>Nombre</label>
        <input
          id={`${ids}-name`}
          className="account-input"
          type="text"
          autoComplete="name"
          value={flow.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described('name')}
          onChange={(event) => flow.setName(event.target.value)}
        />
        {fieldError('name')}
        <label htmlFor={`${ids}-phone`}>Teléfono</label>
        <PhoneField
          id={`${ids}-phone`}
          country={flow.country}
          onCountryChange={flow.setCountry}
          value={flow.phone}
          onChange={flow.setPhone}
          errorId={described('phone')}
        />
        {fieldError('phone')}
        <label htmlFor={`${ids}-email`}>Email</label>
        <input
          id={`${ids}-email`}
          className="account-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={flow.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={described('email')}
          onChange={(event) => flow.setEmail(event.target.value)}
        />
        {fieldError('email')}
        {outcome?.status === 'refused' ? (
          <p className="notice notice--error" role="alert">
            {outcome.message}
          </p>
        ) : null}
        <button type="submit" className="button account-form__submit" disabled={flow.busy}>
          {flow.busy ? 'Enviando…' : 'Recibir premio'}
        </button>
      </form>
    );
  }

  return (
    <Modal open title={REWARD_MODAL_TITLE} onClose={onClose}>
      {body}
    </Modal>
  );
}

function Missing({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <div className="account-reward-missing">
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      <p>Revisa el enlace que te compartieron o pídele uno nuevo al local. Igual puedes hacer tu pedido.</p>
      <button type="button" className="button" onClick={onClose}>
        Ver el menú
      </button>
    </div>
  );
}
