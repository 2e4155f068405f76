import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { clientLogBody, clientLogScrub, clientLogUrl } from './client-log-shape';

const SPEC_FIELDS = ['bcId', 'branchId', 'url', 'coordinates', 'address', 'component', 'payload', 'stack'];
const CARD = '4509 9535 6623 3704';
const PHONE = '+54 9 11 5555-2020';

describe('clientLogBody (ADR 041): the spec’s fields, nothing of the card, phone or email', () => {
  it('keeps only the spec’s fields, the page without its query, and the API’s status', () => {
    const error = new ApiError(500, 'Internal Server Error', null);
    const body = clientLogBody(
      { component: 'api', error, payload: { method: 'GET', path: '/diner/brasa-nunez/menu/4' } },
      'https://brasa.example/menu/brasa-nunez/delivery?phone=1155552020&code=BIENVENIDA#top',
      4,
    );
    expect(Object.keys(body).every((key) => SPEC_FIELDS.includes(key))).toBe(true);
    expect(body).toMatchObject({
      bcId: 4,
      url: 'https://brasa.example/menu/brasa-nunez/delivery',
      component: 'api',
      payload: {
        method: 'GET',
        path: '/diner/brasa-nunez/menu/4',
        message: 'Internal Server Error',
        status: 500,
      },
    });
    expect(body.stack).toContain('Internal Server Error');
  });

  it('drops card, phone, email and address keys from the payload and masks them in any text', () => {
    const error = new Error(`Card ${CARD} refused for ana@correo.example, call ${PHONE}`);
    const body = clientLogBody(
      {
        component: 'checkout/payment',
        error,
        payload: {
          step: 'card-payment',
          cardNumber: CARD,
          securityCode: '123',
          customer: { phone: PHONE, email: 'ana@correo.example', name: 'Ana', orders: 2 },
          address: 'Honduras 5200',
          note: `llamar al ${PHONE}`,
          path: '/recovery/cart/5491155552020/4',
        },
      },
      'https://brasa.example/menu/brasa-nunez/checkout',
    );
    const text = JSON.stringify(body);
    for (const secret of [CARD, '4509', '3704', '123"', 'ana@correo', '5555', 'Honduras', 'Ana"']) {
      expect(text).not.toContain(secret);
    }
    expect(body.payload).toEqual({
      step: 'card-payment',
      customer: { orders: 2 },
      note: 'llamar al [número]',
      path: '/recovery/cart/[número]/4',
      message: 'Card [número] refused for [email], call [número]',
    });
  });

  it('of an address keeps what a failed lookup needs, never the diner’s notes; rounds the point', () => {
    const location = {
      street: 'Honduras',
      number: '5200',
      fullAddress: 'Honduras 5200, Palermo',
      city: 'CABA',
      betweenStreets: 'Godoy Cruz y Juan B. Justo',
      details: 'Timbre 3B, preguntar por Ana 1155552020',
      lat: -34.5834567,
      lng: -58.4301234,
    };
    const body = clientLogBody(
      {
        component: 'address/fee',
        message: 'No tiene fullAddress este comensal',
        address: location,
        coordinates: location,
      },
      'https://brasa.example/menu/brasa-nunez/delivery',
      4,
    );
    expect(body.address).toEqual({ fullAddress: 'Honduras 5200, Palermo', city: 'CABA' });
    expect(body.coordinates).toEqual({ lat: -34.583, lng: -58.43 });
    expect(body.payload.message).toBe('No tiene fullAddress este comensal');
    expect(JSON.stringify(body)).not.toContain('Timbre');
  });

  it('bounds what it sends: long texts cut, deep objects and long lists trimmed', () => {
    const deep = { a: { b: { c: { d: 'too deep' } } }, list: Array.from({ length: 50 }, (_, i) => i) };
    const body = clientLogBody(
      { component: 'x', message: 'm'.repeat(5000), payload: deep },
      'https://brasa.example/menu/a/b',
      1,
    );
    expect((body.payload.message as string).length).toBeLessThanOrEqual(301);
    expect(body.payload.a).toEqual({ b: {} });
    expect(body.payload.list).toHaveLength(10);
    expect(JSON.stringify(body).length).toBeLessThan(8000);
  });

  it('leaves ids and prices alone but not phone-length numbers', () => {
    expect(clientLogScrub('order 123456 at 13:05, total 8500.50')).toBe(
      'order 123456 at 13:05, total 8500.50',
    );
    expect(clientLogScrub('wa.me/5491155552020')).toBe('wa.me/[número]');
    expect(clientLogUrl('not a url')).toBe('');
  });
});
