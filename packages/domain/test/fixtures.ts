/**
 * Test data taken from fixtures/tenant-example.json (Fuego Burgers,
 * Palermo), converted to the domain's shapes (ARS has mantissa 0, so minor units
 * equal pesos).
 */
import { moneyMinor as m } from '../src/money';
import {
  type CartItem,
  type Country,
  type GarnishGroup,
  type MenuDiscount,
  minutes,
  type OrderMode,
  type PaymentType,
  type Plate,
  type Schedule,
  type WorkingDay,
} from '../src/types';

export const AR: Country = {
  code: 'AR',
  name: 'Argentina',
  currency: { code: 'ARS', symbol: '$' },
  phonePrefix: '54',
  mantissaLength: 0,
  timezone: 'America/Argentina/Buenos_Aires',
};

export const UY: Country = {
  code: 'UY',
  name: 'Uruguay',
  currency: { code: 'UYU', symbol: '$' },
  phonePrefix: '598',
  mantissaLength: 2,
  timezone: 'America/Montevideo',
};

export const CL: Country = {
  code: 'CL',
  name: 'Chile',
  currency: { code: 'CLP', symbol: '$' },
  phonePrefix: '56',
  mantissaLength: 0,
  timezone: 'America/Santiago',
};

export const pan: GarnishGroup = {
  groupId: 'pan',
  groupName: 'Elegí tu pan',
  mandatory: true,
  multipleSelection: false,
  minGarnishAmount: 1,
  maxGarnishAmount: 1,
  groupItems: [
    { id: 'papa', name: 'Pan de papa', price: m(0) },
    { id: 'sin-tacc', name: 'Pan sin TACC', price: m(900) },
  ],
};

export const extrasBurger: GarnishGroup = {
  groupId: 'extras-burger',
  groupName: 'Extras',
  mandatory: false,
  multipleSelection: true,
  minGarnishAmount: 0,
  maxGarnishAmount: 3,
  groupItems: [
    { id: 'cheddar', name: 'Cheddar extra', price: m(800) },
    { id: 'panceta', name: 'Panceta', price: m(1100) },
    { id: 'huevo', name: 'Huevo frito', price: m(700) },
    { id: 'jalapenos', name: 'Jalapeños', price: m(500), visible: false },
  ],
};

export const salsas: GarnishGroup = {
  groupId: 'salsas',
  groupName: 'Salsas (hasta 2)',
  mandatory: false,
  multipleSelection: true,
  minGarnishAmount: 0,
  maxGarnishAmount: 2,
  groupItems: [
    { id: 'mayo-ajo', name: 'Mayo de ajo', price: m(0) },
    { id: 'barbacoa', name: 'Barbacoa', price: m(0) },
    { id: 'picante', name: 'Picante', price: m(0) },
  ],
};

export const bebidaCombo: GarnishGroup = {
  groupId: 'bebida-combo',
  groupName: 'Bebida del combo',
  mandatory: true,
  multipleSelection: false,
  minGarnishAmount: 1,
  maxGarnishAmount: 1,
  groupItems: [
    { id: 'gaseosa', name: 'Gaseosa', price: m(0) },
    { id: 'cerveza', name: 'Cerveza (+)', price: m(1500) },
  ],
};

export const estiloCerveza: GarnishGroup = {
  groupId: 'estilo-cerveza',
  groupName: 'Estilo',
  mandatory: true,
  multipleSelection: false,
  minGarnishAmount: 1,
  maxGarnishAmount: 1,
  groupItems: [
    { id: 'ipa', name: 'IPA', price: m(0) },
    { id: 'honey', name: 'Honey', price: m(0) },
    { id: 'stout', name: 'Stout', price: m(0) },
  ],
};

const burgers = { categoryId: 'hamburguesas', categoryShowName: 'Hamburguesas' };

export const clasica: Plate = {
  id: 'clasica',
  showName: 'Clásica',
  ...burgers,
  sizes: [
    { id: 'simple', name: 'Simple', price: m(8500) },
    { id: 'doble', name: 'Doble', price: m(10900) },
    { id: 'triple', name: 'Triple', price: m(12900) },
  ],
  garnishGroups: [pan, extrasBurger, salsas],
  maxQuantity: 20,
};
export const baconBbq: Plate = {
  id: 'bacon-bbq',
  showName: 'Bacon BBQ',
  ...burgers,
  sizes: [
    { id: 'simple', name: 'Simple', price: m(9800) },
    { id: 'doble', name: 'Doble', price: m(12400) },
  ],
  garnishGroups: [pan, extrasBurger],
};
export const veggie: Plate = {
  id: 'veggie',
  showName: 'Veggie',
  ...burgers,
  price: m(9200),
  garnishGroups: [pan],
};
export const comboFuego: Plate = {
  id: 'combo-fuego',
  showName: 'Combo Fuego',
  ...burgers,
  price: m(14500),
  garnishGroups: [bebidaCombo],
};
const sides = { categoryId: 'acompanamientos', categoryShowName: 'Acompañamientos' };
export const papas: Plate = { id: 'papas', showName: 'Papas fritas', ...sides, price: m(4200) };
export const papasCheddar: Plate = {
  id: 'papas-cheddar',
  showName: 'Papas con cheddar y panceta',
  ...sides,
  price: m(5900),
};
export const aros: Plate = { id: 'aros', showName: 'Aros de cebolla', ...sides, price: m(4800) };
const drinks = { categoryId: 'bebidas', categoryShowName: 'Bebidas' };
export const gaseosa: Plate = { id: 'gaseosa', showName: 'Gaseosa 500 ml', ...drinks, price: m(2200) };
export const agua: Plate = { id: 'agua', showName: 'Agua sin gas 500 ml', ...drinks, price: m(1800) };
export const cerveza: Plate = {
  id: 'cerveza',
  showName: 'Cerveza artesanal pinta',
  ...drinks,
  price: m(4500),
  maxQuantity: 6,
  garnishGroups: [estiloCerveza],
};
const desserts = { categoryId: 'postres', categoryShowName: 'Postres' };
export const brownie: Plate = { id: 'brownie', showName: 'Brownie con helado', ...desserts, price: m(5200) };
export const flan: Plate = {
  id: 'flan',
  showName: 'Flan casero con dulce de leche',
  ...desserts,
  price: m(4600),
};

export const plates: Plate[] = [
  clasica,
  baconBbq,
  veggie,
  comboFuego,
  papas,
  papasCheddar,
  aros,
  gaseosa,
  agua,
  cerveza,
  brownie,
  flan,
];

export const menuDiscounts: MenuDiscount[] = [
  { id: 'd-papas-cheddar', type: 'PERCENT', percentage: 15, plates: ['papas-cheddar'] },
  { id: 'd-cerveza', type: 'MULTIPLE', buy: 2, pay: 1, plates: ['cerveza'], validDays: ['THURSDAY'] },
  { id: 'd-brownie', type: 'FIXED', fixedDiscount: m(500), plates: ['brownie'] },
  { id: 'd-combo', type: 'FINAL_PRICE', finalPrice: m(12900), plates: ['combo-fuego'] },
];

/** A plain cart line of a plate without extras. */
export function line(plate: Plate, quantity: number, extra: Partial<CartItem> = {}): CartItem {
  const price = plate.price ?? plate.sizes?.[0]?.price ?? m(0);
  return {
    referenceId: plate.id,
    referenceType: 'PLATE',
    name: plate.showName,
    notes: '',
    quantity,
    price,
    originalPrice: price,
    source: 'plate',
    extras: [],
    ...(plate.categoryId ? { categoryId: plate.categoryId } : {}),
    ...(plate.maxQuantity ? { maxQuantity: plate.maxQuantity } : {}),
    ...extra,
  };
}

/** A beer line with its mandatory style. */
export function beer(quantity: number, style: 'ipa' | 'honey' | 'stout' = 'ipa'): CartItem {
  return line(cerveza, quantity, {
    extras: [
      {
        groupId: 'estilo-cerveza',
        groupName: 'Estilo',
        multipleSelection: false,
        groupItems: [{ referenceId: style, name: style.toUpperCase(), quantity: 1 }],
      },
    ],
  });
}

/** A Clásica line: size, bread, optional extras. */
export function burger(
  quantity: number,
  size: 'simple' | 'doble' | 'triple' = 'simple',
  extras: Record<string, number> = {},
  notes = '',
): CartItem {
  const groupItems = Object.entries(extras).map(([referenceId, q]) => ({
    referenceId,
    name: referenceId,
    quantity: q,
  }));
  return line(clasica, quantity, {
    sizeId: size,
    name: `Clásica (${size})`,
    notes,
    extras: [
      {
        groupId: 'pan',
        groupName: 'Elegí tu pan',
        multipleSelection: false,
        groupItems: [{ referenceId: 'papa', name: 'Pan de papa', quantity: 1 }],
      },
      ...(groupItems.length > 0
        ? [{ groupId: 'extras-burger', groupName: 'Extras', multipleSelection: true, groupItems }]
        : []),
    ],
  });
}

const weekdays = (hours: WorkingDay['workingHours'], days: WorkingDay['dayOfWeek'][]): WorkingDay[] =>
  days.map((dayOfWeek) => ({ dayOfWeek, workingHours: hours }));

/** Palermo delivery: two shifts, Thursday to 23:59, Friday and Saturday to 02:00, Sunday closed. */
export const palermoDeliverySchedule: Schedule[] = [
  {
    scheduleConfigs: [
      {
        workingDays: [
          ...weekdays(
            [
              { startAt: '12:00', endAt: '15:30' },
              { startAt: '19:30', endAt: '23:30' },
            ],
            ['MONDAY', 'TUESDAY', 'WEDNESDAY'],
          ),
          {
            dayOfWeek: 'THURSDAY',
            workingHours: [
              { startAt: '12:00', endAt: '15:30' },
              { startAt: '19:30', endAt: '23:59' },
            ],
          },
          {
            dayOfWeek: 'FRIDAY',
            workingHours: [
              { startAt: '12:00', endAt: '15:30' },
              { startAt: '19:30', endAt: '02:00' },
            ],
          },
          { dayOfWeek: 'SATURDAY', workingHours: [{ startAt: '19:30', endAt: '02:00' }] },
        ],
      },
    ],
  },
];

/** Palermo salon: `00:00` end means midnight. */
export const palermoSalonSchedule: Schedule[] = [
  {
    scheduleConfigs: [
      {
        workingDays: [
          ...weekdays([{ startAt: '12:00', endAt: '00:00' }], ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY']),
          ...weekdays([{ startAt: '12:00', endAt: '02:00' }], ['FRIDAY', 'SATURDAY']),
          { dayOfWeek: 'SUNDAY', workingHours: [{ startAt: '12:00', endAt: '23:00' }] },
        ],
      },
    ],
  },
];

export const cash: PaymentType = {
  id: 'efectivo',
  showName: 'Efectivo',
  paymentMethod: 'CASH',
  active: true,
  upload: 'APP',
  onlinePayment: { providerName: 'DISABLED' },
};
export const cardOnline: PaymentType = {
  id: 'tarjeta-online',
  showName: 'Tarjeta online',
  description: 'Crédito o débito',
  paymentMethod: 'CARD_ONLINE',
  active: true,
  upload: 'API',
  onlinePayment: { providerName: 'MERCADOPAGO' },
};
export const paymentLink: PaymentType = {
  id: 'link-pago',
  showName: 'Link de pago',
  paymentMethod: 'PAYMENT_LINK',
  active: true,
  upload: 'APP',
  onlinePayment: { providerName: 'MERCADOPAGO' },
};
export const transfer: PaymentType = {
  id: 'transferencia',
  showName: 'Transferencia',
  paymentMethod: 'BANK_TRANSFER',
  active: true,
  upload: 'APP',
  onlinePayment: { providerName: 'DISABLED' },
};
export const cardDisabled: PaymentType = {
  id: 'tarjeta-apagada',
  showName: 'Tarjeta (sin proveedor)',
  paymentMethod: 'CARD_ONLINE',
  active: true,
  upload: 'API',
  onlinePayment: { providerName: 'DISABLED' },
};

export const palermoDelivery: OrderMode = {
  id: 'palermo-delivery',
  type: 'DELIVERY',
  showName: 'Delivery',
  active: true,
  orderEnabled: true,
  useSchedule: true,
  minDelayInMinutes: minutes(30),
  maxDelayInMinutes: minutes(50),
  schedules: palermoDeliverySchedule,
  paymentTypes: [cash, cardOnline, paymentLink, transfer],
};

export const palermoSalon: OrderMode = {
  id: 'palermo-salon',
  type: 'DINE_IN',
  showName: 'En el salón',
  active: true,
  orderEnabled: true,
  useSchedule: false,
  minDelayInMinutes: minutes(10),
  maxDelayInMinutes: minutes(20),
  schedules: palermoSalonSchedule,
  paymentTypes: [cash, cardOnline],
};

export const palermoTakeAway: OrderMode = {
  id: 'palermo-takeaway',
  type: 'TAKE_AWAY',
  showName: 'Retiro en local',
  active: true,
  orderEnabled: true,
  useSchedule: true,
  minDelayInMinutes: minutes(15),
  maxDelayInMinutes: minutes(25),
  schedules: [
    {
      scheduleConfigs: [
        {
          workingDays: [
            ...weekdays(
              [{ startAt: '12:00', endAt: '23:00' }],
              ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'],
            ),
            ...weekdays([{ startAt: '12:00', endAt: '23:30' }], ['FRIDAY', 'SATURDAY']),
            { dayOfWeek: 'SUNDAY', workingHours: [{ startAt: '12:00', endAt: '22:00' }] },
          ],
        },
      ],
    },
  ],
  paymentTypes: [cash, cardOnline],
};
