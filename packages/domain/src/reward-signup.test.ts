import { describe, expect, it } from 'vitest';
import {
  rewardIsOffered,
  rewardSignupCheck,
  rewardSignupErrorMessage,
  rewardSignupFieldErrors,
} from './reward-signup';
import { sessionAccountMenu, sessionRequireSignIn, sessionSignInMessage } from './session';

const form = { name: 'Martina Gómez', phone: '11 5555-0101', email: 'martina@correo.example' };

describe('ordering §5 Loyalty reward sign-up', () => {
  it('accepts a complete form', () => {
    expect(rewardSignupCheck(form)).toEqual({ errors: [], message: null, phone: '+541155550101' });
  });

  it.each([
    ['invalid phone', { phone: '123' }, ['El número de teléfono es invalido']],
    ['missing name', { name: '' }, ['Debe completar todos los campos para continuar']],
    ['malformed email', { email: 'martina' }, ['Debe completar todos los campos para continuar']],
    [
      'empty',
      { name: '', phone: '', email: '' },
      ['El número de teléfono es invalido', 'Debe completar todos los campos para continuar'],
    ],
  ])('%s', (_, overrides, errors) => {
    const result = rewardSignupCheck({ ...form, ...overrides });
    expect(result.errors).toEqual(errors);
    expect(result.message).toBe(errors.at(-1));
  });

  it('names the failing fields, each with its message', () => {
    expect(rewardSignupFieldErrors(form)).toEqual({});
    expect(rewardSignupFieldErrors({ name: ' ', phone: '123', email: 'martina' })).toEqual({
      name: 'Debe completar todos los campos para continuar',
      phone: 'El número de teléfono es invalido',
      email: 'Debe completar todos los campos para continuar',
    });
    expect(rewardSignupFieldErrors({ ...form, phone: '' })).toEqual({
      phone: 'El número de teléfono es invalido',
    });
    // Read in the venue's country: a Uruguayan mobile is valid there.
    expect(rewardSignupFieldErrors({ ...form, phone: '094 123 456' }, 'uy')).toEqual({});
  });

  it("answers 'Ya ha canjeado este premio' when the reply says 'already exists'", () => {
    expect(rewardSignupErrorMessage('Reward already exists for customer')).toBe('Ya ha canjeado este premio');
    expect(rewardSignupErrorMessage('boom')).toBe(
      'Hubo un error validando sus datos, inténtelo en unos momentos',
    );
    expect(rewardSignupErrorMessage(undefined)).toBe(
      'Hubo un error validando sus datos, inténtelo en unos momentos',
    );
  });

  it('offers an active reward of the branch contact once', () => {
    const reward = { active: true, branchContactId: 'fuego-palermo' };
    expect(rewardIsOffered(reward, { branchContactId: 'fuego-palermo', alreadyCredited: false })).toBe(true);
    expect(rewardIsOffered(reward, { branchContactId: 'fuego-palermo', alreadyCredited: true })).toBe(false);
    expect(rewardIsOffered(reward, { branchContactId: 'fuego-belgrano', alreadyCredited: false })).toBe(
      false,
    );
    expect(rewardIsOffered({ active: true }, { branchContactId: 'x', alreadyCredited: false })).toBe(true);
    expect(rewardIsOffered({ active: false }, { branchContactId: 'x', alreadyCredited: false })).toBe(false);
  });
});

describe('ordering §5 Login-only actions', () => {
  it("needs a sign-in: 'Inicie sesión'", () => {
    expect(sessionRequireSignIn(false)).toBe('Inicie sesión');
    expect(sessionRequireSignIn(true)).toBeNull();
  });

  it('reports the sign-in', () => {
    expect(sessionSignInMessage(true)).toBe('Inicio de sesión con éxito');
    expect(sessionSignInMessage(false)).toBe('Error iniciando sesión');
  });

  it('shows logout only when signed in and Mis pedidos only on a branch contact alias', () => {
    expect(sessionAccountMenu({ signedIn: false, aliasType: 'BRANCH_CONTACT' })).toEqual({
      showSignOut: false,
      showMyOrders: true,
    });
    expect(sessionAccountMenu({ signedIn: true, aliasType: 'BRANCH' })).toEqual({
      showSignOut: true,
      showMyOrders: false,
    });
  });
});
