/**
 * TypeBox schemas of the payment routes (ordering §3 "Card payment
 * submission", "Payment link request", §7). Money is in major units, as
 * everywhere in the API. Bad input is a 400 with a message per field.
 */
import { type Static, Type } from 'typebox';
import { ErrorSchema } from '../schemas/diner';
import { IdempotencyKey } from '../schemas/order';

const OrderCode = Type.String({
  minLength: 6,
  maxLength: 32,
  pattern: '^[A-Za-z0-9]+$',
  description: 'The order’s public code',
});

/** `POST /api/order/payment`. */
export const CardPaymentBodySchema = Type.Object(
  {
    token: Type.String({
      minLength: 8,
      maxLength: 256,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'Card token from the provider’s card fields (never card data)',
    }),
    paymentMethodId: Type.String({
      minLength: 2,
      maxLength: 40,
      pattern: '^[a-z0-9_]+$',
      description: 'The provider’s payment method (visa, master…), as the card fields gave it',
    }),
    dinerOrderId: OrderCode,
    cardName: Type.String({ minLength: 1, maxLength: 100, description: 'Cardholder name as entered' }),
    identificationType: Type.String({
      minLength: 2,
      maxLength: 10,
      pattern: '^[A-Z]+$',
      description: 'DNI (the spec’s constant; other national document types are accepted)',
    }),
    identificationNumber: Type.String({
      minLength: 5,
      maxLength: 20,
      pattern: '^[0-9Kk. -]+$',
      description: 'Document number; dots and spaces are dropped',
    }),
    installments: Type.Optional(Type.Integer({ minimum: 1, maximum: 48, description: 'Default 1' })),
    email: Type.Optional(
      Type.String({
        maxLength: 100,
        pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
        description: 'Payer email for the provider; the order’s email when absent',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CardPaymentBody = Static<typeof CardPaymentBodySchema>;

/** The answer of a payment attempt. */
export const PaymentResultSchema = Type.Object({
  status: Type.Union(
    [
      Type.Literal('APPROVED'),
      Type.Literal('REJECTED'),
      Type.Literal('CANCELED'),
      Type.Literal('EXPIRED'),
      Type.Literal('PROCESSING'),
    ],
    { description: 'The payment’s status; PROCESSING while the provider decides' },
  ),
  paymentStatus: Type.Union(
    [
      Type.Literal('NOT_REQUIRED'),
      Type.Literal('PENDING'),
      Type.Literal('PROCESSING'),
      Type.Literal('PAID'),
      Type.Literal('REJECTED'),
      Type.Literal('EXPIRED'),
    ],
    { description: 'The order’s payment status' },
  ),
  message: Type.String({
    description: '‘Pago procesado con éxito.’, ‘El pago no pudo ser procesado.’, or a processing note',
  }),
  code: Type.String({ description: 'The order’s code' }),
});

/** The Idempotency-Key, optional: without it a key is derived from the request (ADR 044); a link is one per order anyway. */
export const OptionalIdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.Optional(
    IdempotencyKey('One per payment attempt; a retry sends the same key and body'),
  ),
});

/** `POST /api/paymenturl`. */
export const PaymentLinkBodySchema = Type.Object(
  {
    code: OrderCode,
    branchContactId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    amount: Type.Number({
      minimum: 0,
      maximum: 1_000_000_000_000,
      description: 'The order’s total in major units; must equal the server’s',
    }),
  },
  { additionalProperties: false },
);

/** A 409 of the link request: for an amount that is not the order's, the server's `amount`. */
export const PaymentLinkConflictSchema = Type.Object({
  ...ErrorSchema.properties,
  amount: Type.Optional(
    Type.Number({ description: 'The order’s total as the server computed it (major units)' }),
  ),
});

export const PaymentLinkSchema = Type.Object({
  url: Type.String({ description: 'The hosted checkout to send the diner to' }),
  token: Type.String({ description: 'The provider’s id of the link (Checkout Pro preference id)' }),
});

/** `POST /api/callback/{provider}/{a}{b}`. */
export const CallbackParamsSchema = Type.Object({
  provider: Type.String({
    minLength: 2,
    maxLength: 30,
    pattern: '^[A-Za-z_]+$',
    description: 'The order’s payment type’s provider: transbank (or webpay), sandbox',
  }),
  reference: Type.String({
    minLength: 3,
    maxLength: 60,
    description: '`{a}{b}`: the branch contact id, a dash, and the order code (`12-K4M9QW2XRT5P`)',
  }),
});

export const RedirectStartSchema = Type.Object({
  url: Type.String({ description: 'The provider’s form: POST `token_ws` here' }),
  token: Type.String({ description: 'The transaction token (`token_ws`)' }),
  method: Type.Literal('POST'),
  tokenField: Type.Literal('token_ws'),
  redirectUrl: Type.String({ description: 'Our page that performs that POST (navigate the browser to it)' }),
});

export const NotificationAccountParamsSchema = Type.Object({
  account: Type.String({
    pattern: '^(env|[1-9][0-9]{0,9})$',
    description:
      'The account that made the payment: a `payment_provider_accounts` id, or `env` for the keys in the environment',
  }),
});

/** The query Mercado Pago adds (`data.id`, `type`); `account` only on the deprecated URL without it in the path. */
export const NotificationQuerySchema = Type.Object(
  {
    account: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  },
  { additionalProperties: true },
);
