// A `tenant/v1` file with one large menu, for bench/menu-2000.mjs: one company,
// one branch and one location (`bench-grande`) with a delivery and a take-away
// mode, and a menu of `categories × platesPerCategory` plates. Deterministic:
// the same arguments give the same file.

const COUNTRY = {
  code: 'AR',
  name: 'Argentina',
  currency: { code: 'ARS', symbol: '$' },
  phonePrefix: '54',
  mantissaLength: 0,
  timezone: 'America/Argentina/Buenos_Aires',
};

const CATEGORY_NAMES = [
  'Entradas',
  'Empanadas',
  'Parrilla',
  'Achuras',
  'Carnes al horno',
  'Pollos',
  'Pescados',
  'Mariscos',
  'Pastas caseras',
  'Salsas y rellenos',
  'Pizzas a la piedra',
  'Pizzas especiales',
  'Fainá y fugazzetas',
  'Milanesas',
  'Sándwiches',
  'Hamburguesas',
  'Lomitos',
  'Tartas',
  'Ensaladas',
  'Guarniciones',
  'Platos vegetarianos',
  'Platos veganos',
  'Sin TACC',
  'Menú infantil',
  'Guisos y cazuelas',
  'Cocina del día',
  'Minutas',
  'Wraps',
  'Bowls',
  'Sushi',
  'Postres',
  'Helados',
  'Tortas',
  'Cafetería',
  'Desayunos y meriendas',
  'Jugos y licuados',
  'Gaseosas y aguas',
  'Cervezas',
  'Vinos',
  'Tragos',
];

const DISHES = [
  'Provoleta',
  'Bife de chorizo',
  'Vacío',
  'Entraña',
  'Ojo de bife',
  'Matambre a la pizza',
  'Ñoquis de papa',
  'Sorrentinos de jamón y queso',
  'Ravioles de ricota',
  'Lasaña de verdura',
  'Milanesa napolitana',
  'Suprema maryland',
  'Pizza muzzarella',
  'Fugazzeta rellena',
  'Ensalada César',
  'Tortilla de papas',
  'Locro criollo',
  'Humita en chala',
  'Flan casero',
  'Panqueques con dulce de leche',
];

const WORDS = [
  'con papas rústicas',
  'a la leña',
  'con chimichurri de la casa',
  'receta de la abuela',
  'con salsa criolla',
  'gratinado',
  'con ensalada de estación',
  'al disco',
  'con huevo frito',
  'para compartir',
];

const GARNISH_GROUPS = [
  {
    key: 'coccion',
    groupName: '¿Cómo preferís la cocción?',
    mandatory: true,
    multipleSelection: false,
    minGarnishAmount: 1,
    maxGarnishAmount: 1,
    groupItems: [
      { key: 'jugoso', name: 'Jugoso', price: 0 },
      { key: 'a-punto', name: 'A punto', price: 0 },
      { key: 'cocido', name: 'Bien cocido', price: 0 },
    ],
  },
  {
    key: 'guarnicion',
    groupName: 'Elegí tu guarnición',
    mandatory: true,
    multipleSelection: false,
    minGarnishAmount: 1,
    maxGarnishAmount: 1,
    groupItems: [
      { key: 'papas-fritas', name: 'Papas fritas', price: 0 },
      { key: 'pure', name: 'Puré de papas', price: 0 },
      { key: 'ensalada', name: 'Ensalada mixta', price: 0 },
      { key: 'batatas', name: 'Batatas fritas', price: 900 },
    ],
  },
  {
    key: 'salsas',
    groupName: 'Salsas',
    mandatory: false,
    multipleSelection: true,
    minGarnishAmount: 0,
    maxGarnishAmount: 3,
    groupItems: [
      { key: 'chimichurri', name: 'Chimichurri', price: 0 },
      { key: 'criolla', name: 'Salsa criolla', price: 0 },
      { key: 'alioli', name: 'Alioli', price: 300 },
      { key: 'picante', name: 'Salsa picante', price: 300 },
    ],
  },
  {
    key: 'extras',
    groupName: 'Agregados',
    mandatory: false,
    multipleSelection: true,
    minGarnishAmount: 0,
    maxGarnishAmount: 5,
    groupItems: [
      { key: 'huevo', name: 'Huevo frito', price: 800 },
      { key: 'panceta', name: 'Panceta', price: 1200 },
      { key: 'cheddar', name: 'Cheddar', price: 900 },
      { key: 'cebolla', name: 'Cebolla caramelizada', price: 700 },
    ],
  },
];

const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

function mode(key, type, showName) {
  return {
    key,
    type,
    showName,
    menu: 'carta',
    active: true,
    orderEnabled: true,
    // Open around the clock, so the figures do not depend on the hour of the run.
    useSchedule: false,
    minDelayInMinutes: 30,
    maxDelayInMinutes: 50,
    schedules: [
      {
        scheduleConfigs: [
          {
            workingDays: EVERY_DAY.map((dayOfWeek) => ({
              dayOfWeek,
              workingHours: [{ startAt: '00:00', endAt: '23:59' }],
            })),
          },
        ],
      },
    ],
    paymentTypes: [
      {
        key: 'efectivo',
        showName: 'Efectivo',
        paymentMethod: 'CASH',
        active: true,
        upload: 'APP',
        onlinePayment: { providerName: 'DISABLED' },
      },
    ],
    fees: { userFee: 0, percentageUserFee: 0 },
    generalDiscounts: [],
    generalSurcharges: [],
  };
}

/**
 * @param {{ categories?: number, platesPerCategory?: number, imageEvery?: number }} [options]
 *   imageEvery: one plate in that many has an image (a file the built app serves), 0 for none.
 */
export function benchTenant({ categories = 40, platesPerCategory = 50, imageEvery = 4 } = {}) {
  const menuCategories = [];
  let n = 0;
  for (let c = 0; c < categories; c += 1) {
    const name = CATEGORY_NAMES[c % CATEGORY_NAMES.length] + (c >= CATEGORY_NAMES.length ? ` ${c + 1}` : '');
    const plates = [];
    for (let p = 0; p < platesPerCategory; p += 1) {
      n += 1;
      const dish = DISHES[(c * 7 + p) % DISHES.length];
      const plate = {
        key: `p${c + 1}-${p + 1}`,
        showName: `${dish} ${WORDS[(c + p) % WORDS.length]} n.º ${n}`,
        description: `${dish} ${WORDS[(c * 3 + p) % WORDS.length]}, ${WORDS[(c + p * 3) % WORDS.length]}. Porción abundante, plato ${n} de la carta.`,
      };
      if (p % 5 === 1) {
        plate.sizes = [
          { key: 'chica', name: 'Porción chica', price: 4000 + (n % 50) * 100 },
          { key: 'grande', name: 'Porción grande', price: 7000 + (n % 50) * 150 },
        ];
      } else {
        plate.price = 2500 + ((n * 37) % 120) * 100;
      }
      if (p % 3 === 0) plate.garnishGroups = p % 2 === 0 ? ['coccion', 'guarnicion'] : ['salsas', 'extras'];
      else if (p % 7 === 2) plate.garnishGroups = ['extras'];
      if (p % 6 === 0) plate.indicators = p % 12 === 0 ? ['VEGETARIANO', 'SIN_TACC'] : ['PICANTE'];
      if (p % 10 === 9) plate.maxQuantity = 10;
      if (imageEvery > 0 && n % imageEvery === 0) plate.imageUrl = '/icon-192.png';
      plates.push(plate);
    }
    menuCategories.push({
      key: `c${c + 1}`,
      name: `${name} ${c + 1}`.toLowerCase(),
      showName: name,
      description: `${platesPerCategory} platos de ${name.toLowerCase()}`,
      plates,
    });
  }
  return {
    format: 'tenant/v1',
    country: COUNTRY,
    company: { name: 'Bench Grande', alias: 'bench-grande-empresa' },
    branches: [
      {
        alias: 'bench-grande-marca',
        name: 'Bench Grande',
        customMessage: `Carta de ${n} platos para medir el menú`,
        askForLocation: false,
        generalConfig: {
          colorConfig: { colorModeType: 'LIGHT' },
          // Every plate on the menu home: the heaviest screen a large menu can make.
          menuConfig: { plateDetailInModal: true, platesInMainView: true },
        },
        menuCustomization: { promotionalBanner: { text: 'Carta completa', orderModeType: 'ALL' } },
        menus: [
          {
            key: 'carta',
            name: 'Carta',
            categories: menuCategories,
            remarkeds: ['p1-1', 'p2-2', 'p3-3'],
            upselleds: ['p31-1', 'p32-1', 'p37-1'].filter((key) =>
              menuCategories.some((category) => category.plates.some((plate) => plate.key === key)),
            ),
          },
        ],
        garnishGroups: GARNISH_GROUPS,
        branchContacts: [
          {
            alias: 'bench-grande',
            name: 'Bench Grande Centro',
            callPhone: '+541145550199',
            address: {
              street: 'Av. Corrientes',
              number: '1234',
              zone: 'San Nicolás',
              city: 'Buenos Aires',
              country: 'Argentina',
            },
            coordinates: { lat: -34.6037, lng: -58.3816 },
            mandatoryEmail: false,
            ordersConsoleActive: false,
            commercialTermsInfo: { blocked: false },
            manualClosing: false,
            deliveryConfig: {
              betweenStreetsRequired: false,
              ownLogistics: false,
              deliveryZones: [{ name: 'Centro', radiusMeters: 3000, fee: 1000, cashFee: 1000 }],
            },
            orderModes: [
              mode('grande-delivery', 'DELIVERY', 'Delivery'),
              mode('grande-retiro', 'TAKE_AWAY', 'Retiro'),
            ],
            riders: [],
          },
        ],
      },
    ],
  };
}
