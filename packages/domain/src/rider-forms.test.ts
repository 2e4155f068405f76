import { describe, expect, it } from 'vitest';
import {
  riderLookupErrorMessage,
  riderSaveErrorMessage,
  riderSecurityCodeCheck,
  riderSecurityCodeValid,
  riderShiftAfterLookup,
  riderShiftAfterSubmit,
  riderShiftButton,
  riderShiftCanEnd,
  riderShiftGreeting,
  riderShiftStart,
} from './rider-forms';
import { riderPhoneIntakeCheck, riderRegisterCheck, riderRegistrationCheck } from './rider-phone-checks';

describe('follow-up §5 Rider phone intake', () => {
  it('sends a valid phone formatted (E.164)', () => {
    expect(riderPhoneIntakeCheck('9 11 2345-6789')).toEqual({
      errors: [],
      message: null,
      phone: '+5491123456789',
    });
  });

  it("refuses an invalid phone with 'El número de teléfono es invalido'", () => {
    expect(riderPhoneIntakeCheck('123')).toEqual({
      errors: ['El número de teléfono es invalido'],
      message: 'El número de teléfono es invalido',
      phone: null,
    });
  });
});

describe('follow-up §5 Rider register form', () => {
  const form = {
    phone: '9 11 2345-6789',
    phoneConfirmation: '+54 9 11 2345 6789',
    name: 'Diego Fernández',
    securityCode: '4821',
  };

  it('accepts matching valid phones in any format', () => {
    expect(riderRegisterCheck(form)).toEqual({ errors: [], message: null, phone: '+5491123456789' });
  });

  it.each([
    ['phones differ', { phoneConfirmation: '9 11 2345-6780' }, ['Los números de teléfono no coinciden']],
    ['invalid phone', { phone: '123', phoneConfirmation: '123' }, ['El número de teléfono es invalido']],
    ['missing security code', { securityCode: '' }, ['Debe completar todos los campos para continuar']],
    [
      'empty form',
      { phone: '', phoneConfirmation: '', name: '', securityCode: '' },
      ['El número de teléfono es invalido', 'Debe completar todos los campos para continuar'],
    ],
  ])('%s', (_, overrides, errors) => {
    const result = riderRegisterCheck({ ...form, ...overrides });
    expect(result.errors).toEqual(errors);
    expect(result.message).toBe(errors.at(-1));
    expect(result.phone).toBeNull();
  });

  it('needs the security code to log in or out', () => {
    expect(riderSecurityCodeCheck(' ').message).toBe('Debe completar todos los campos para continuar');
    expect(riderSecurityCodeCheck('4821').errors).toEqual([]);
  });

  it('takes exactly 4 digits as a security code (ADR 022)', () => {
    expect(riderSecurityCodeValid('0000')).toBe(true);
    expect(riderSecurityCodeValid(' 4821 ')).toBe(true);
    for (const bad of ['482', '48210', '48a1', '４８２１', '48 21', '', null, undefined]) {
      expect(riderSecurityCodeValid(bad)).toBe(false);
    }
    expect(riderSecurityCodeCheck('48a1')).toEqual({
      errors: ['El código de seguridad es erróneo'],
      message: 'El código de seguridad es erróneo',
      phone: null,
    });
  });
});

describe('ADR 022 registration as the API checks it', () => {
  const registration = { name: 'Ana Gómez', phone: '9 11 2345-6789', securityCode: '2468' };

  it('answers the phone in E.164 of the venue’s country', () => {
    expect(riderRegistrationCheck(registration)).toEqual({
      fields: {},
      message: null,
      phone: '+5491123456789',
    });
    expect(riderRegistrationCheck({ ...registration, phone: '9 8765 4321' }, 'cl').phone).toBe(
      '+56987654321',
    );
  });

  it.each([
    ['a blank name', { name: '  ' }, { name: 'Debe completar todos los campos para continuar' }],
    ['an invalid phone', { phone: '123' }, { phone: 'El número de teléfono es invalido' }],
    ['no phone', { phone: '' }, { phone: 'Debe completar todos los campos para continuar' }],
    ['no code', { securityCode: '' }, { securityCode: 'Debe completar todos los campos para continuar' }],
    ['a 6-digit code', { securityCode: '246810' }, { securityCode: 'El código de seguridad es erróneo' }],
  ])('refuses %s, naming the field', (_, overrides, fields) => {
    const result = riderRegistrationCheck({ ...registration, ...overrides });
    expect(result.fields).toEqual(fields);
    expect(result.message).toBe(Object.values(fields)[0]);
    expect(result.phone).toBeNull();
  });

  it('shows the last failing check, like the forms', () => {
    const result = riderRegistrationCheck({ name: '', phone: '123', securityCode: '1' });
    expect(result.fields).toEqual({
      phone: 'El número de teléfono es invalido',
      name: 'Debe completar todos los campos para continuar',
      securityCode: 'El código de seguridad es erróneo',
    });
    expect(result.message).toBe('El código de seguridad es erróneo');
  });
});

describe('ADR 022 ending a shift', () => {
  it('is refused while the rider holds a shipment between pick-up and drop-off', () => {
    expect(riderShiftCanEnd([])).toBe(true);
    expect(riderShiftCanEnd(['DELIVERED', 'DRIVER_CANCELED', 'RETURNED', 'LOOKING_FOR_DRIVER'])).toBe(true);
    for (const busy of [
      'ON_ROUTE_TO_PICK_UP',
      'IN_STORE',
      'ON_ROUTE_TO_DROP_OFF',
      'ON_ROUTE_TO_DROP_OFFS',
    ] as const) {
      expect(riderShiftCanEnd(['DELIVERED', busy])).toBe(false);
    }
  });
});

describe('follow-up §4.6 Rider shift flow', () => {
  it.each([
    [{ found: false } as const, 'register'],
    [{ found: true, active: true } as const, 'logOut'],
    [{ found: true, active: false } as const, 'logIn'],
  ])('lookup %o → %s', (lookup, variant) => {
    expect(riderShiftAfterLookup(lookup)).toBe(variant);
  });

  it.each([
    ['register', true, 'shipments'],
    ['logIn', true, 'shipments'],
    ['logIn', false, null],
    ['logOut', false, 'success'],
    ['logOut', true, null],
    ['phoneIntake', true, null],
  ] as const)('%s with an active rider %s → %s', (variant, active, next) => {
    expect(riderShiftAfterSubmit(variant, { active })).toBe(next);
  });

  it('greets and labels each variant', () => {
    expect(riderShiftGreeting('logIn', 'Diego')).toBe('Hola Diego!');
    expect(riderShiftGreeting('logOut', 'Camila')).toBe('Hola Camila!');
    expect(riderShiftGreeting('register', 'Diego')).toBeNull();
    expect(
      ['phoneIntake', 'register', 'logIn', 'logOut', 'success'].map((v) => riderShiftButton(v as never)),
    ).toEqual(['Siguiente', 'Iniciar turno', 'Iniciar turno', 'Finalizar turno', null]);
  });

  it('maps failures to their toasts', () => {
    expect(riderSaveErrorMessage(400)).toBe('El código de seguridad es erróneo');
    expect(riderSaveErrorMessage(500)).toBe('Hubo un error, vuélvalo a intentar en unos minutos');
    expect(riderLookupErrorMessage(404)).toBeNull();
    expect(riderLookupErrorMessage(503)).toBe('Hubo un error, vuélvalo a intentar en unos minutos');
  });
});

describe('ADR 022 starting a shift', () => {
  const now = new Date('2025-06-04T16:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  it('keeps the start of a shift still running and starts a new one otherwise', () => {
    expect(riderShiftStart({ active: true, shiftStartedAt: hoursAgo(3) }, now, 16)).toEqual(hoursAgo(3));
    expect(riderShiftStart({ active: true, shiftStartedAt: hoursAgo(16) }, now, 16)).toEqual(now);
    expect(riderShiftStart({ active: false, shiftStartedAt: hoursAgo(1) }, now, 16)).toEqual(now);
    expect(riderShiftStart({ active: true, shiftStartedAt: null }, now, 16)).toEqual(now);
  });
});
