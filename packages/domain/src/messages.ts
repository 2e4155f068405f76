/**
 * Every Spanish text the diner, the rider or the venue reads that comes from a
 * business rule. Texts quoted by the spec are copied character for character
 * (accents, missing accents, final dots and all); a text the spec does not give
 * is marked `(ours)` and listed in the README's decisions.
 *
 * Templates take already formatted values (amounts through `moneyFormat`), so
 * this module stays free of formatting rules.
 */

/** Ordering §4/§5 "Cart and menu" and follow-up §5/§8. */
export const cartMessages = {
  maxQuantity: (n: number | string) => `Has alcanzado el máximo de unidades (${n}) para este producto`,
  confirmClearTitle: 'Si continuas, se borrarán los ítems agregados a tu pedido',
  confirmClearQuestion: '¿Deseas continuar?',
  cancel: 'Cancelar',
  continue: 'Continuar',
  cartTitle: 'Mi pedido',
  addMore: 'Agregar más productos',
  backToMenu: 'Volver al Menú',
  recommended: 'Te recomendamos',
  viewOrder: 'Ver mi pedido',
  orderingDisabled: 'Menú informativo. Pedidos deshabilitados.',
  highlighted: 'Lo más destacado',
} as const;

/** Ordering §8 "Branch does not deliver to the address" (its text, shared by the two objects that offer it). */
const BRANCH_DOES_NOT_DELIVER = 'Este local no realiza envíos a tu dirección.';

/** Ordering §2: branch screen and branch header. */
export const branchMessages = {
  searchBranch: 'Buscar Local',
  changeBranch: 'Cambiar local',
  enterAddress: 'Ingresar dirección',
  change: 'Cambiar',
  installPrompt: '¡La próxima puedes hacer tu pedido desde nuestra App!',
  install: 'Instalar',
  /**
   * (ours) What the location's survey average ('★ 4,6') reads as to a screen reader, before the figure
   * (ADR 042). A plain string: the menu's first load inlines it rather than loading this module.
   */
  npsAvgLabel: 'Calificación de los clientes (de 1 a 5)',
  /** A location card's notice: the same text as `orderErrorMessages.branchDoesNotDeliver`. */
  doesNotDeliver: BRANCH_DOES_NOT_DELIVER,
} as const;

/** Ordering §5 "Cart and menu": plate extras. */
export const plateMessages = {
  wrongGarnishCount: 'Revise que haya agregado la cantidad correcta de opcionales',
  groupMaxReached: 'Ya se ha seleccionado el maximo de opcionales permitidos en este grupo',
  cannotAddMoreThanMax: 'No se pueden agregar mas que el máximo',
} as const;

/** Ordering §9 progress texts and §9 fee display. */
export const progressMessages = {
  toMinimum: (amount: string) => `Suma ${amount} para llegar al mínimo`,
  toFreeDelivery: (amount: string) => `Suma ${amount} para tener envío gratis`,
  minimumReached: '¡Llegaste al mínimo!',
  freeDeliveryReached: '¡Tienes envío gratis!',
} as const;

/** Ordering §9 "Delivery fee display" and the branch header. */
export const feeMessages = {
  deliveryFree: 'Gratis',
  serviceFeeWaived: 'Bonificada',
  freeDeliveryFrom: (amount: string) => `Envío gratis a partir de ${amount}`,
  arrivesIn: 'Llega en',
  delivery: 'Envío',
  minimum: 'Mínimo',
  pickUpAt: 'Retirar en',
} as const;

/** Ordering §5 "Checkout", in the spec's order. */
export const checkoutMessages = {
  phoneRequired: 'Debe ingresar su número de teléfono para continuar.',
  nameRequired: 'Debe ingresar su nombre para poder realizar el pedido.',
  phoneInvalid: 'Debe ingresar un número de teléfono válido para continuar.',
  tableRequired: 'Debe ingresar número de mesa para poder realizar el pedido.',
  emailRequired: 'Debe ingresar su email para poder realizar el pedido',
  emailInvalid: 'Ingrese un email valido',
  documentInvalid: 'Ingrese un documento valido',
  cashAmountRequired: 'Debe ingresar con cuanto abona para poder realizar el pedido.',
  cashAmountUnderTotal: 'El monto con el cual abonará no puede ser menor al precio del pedido.',
  addressRequired: 'Debe ingresar dirección para poder realizar el pedido.',
  betweenStreetsRequired: 'Debe ingresar entrecalles para poder realizar el pedido.',
  /** The spec's '${min}' is the amount as the money formatter writes it ('$ 8.000', COPY.md). */
  minimumOrder: (amount: string) => `El precio del pedido debe ser mayor a ${amount}`,
  noRiders: 'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde',
  outsideArea: 'Tu dirección no se encuentra dentro de la zona de entrega.',
  feeLoading: 'Estamos calculando el costo de envío, aguarde unos momentos.',
  noCashRiders:
    'En este momento no contamos con repartidores en la zona que acepten efectivo. Vuelva a intentar más tarde',
  cardFieldsIncomplete: 'Debe completar correctamente los campos de la tarjeta para continuar.',
  cardFieldsInvalid: 'Debe completar los campos de su tarjeta correctamente',
  scheduleLoading: 'Estamos calculando los horarios del local, aguarde unos momentos.',
  scheduleRequired: 'Seleccione un horario de programación del pedido',
  fieldIncomplete: 'Este campo está incompleto',
  title: 'Confirmación del pedido',
  myPayment: 'Mi pago',
  /** (ours) The delivery fee while the zone has not answered ('Gratis' would promise too much). */
  feeUnknown: 'A calcular',
  /** (ours) A card payment the provider has not decided while the checkout waited. */
  cardPending: 'Tu pago está pendiente de aprobación. Verás el resultado en el seguimiento del pedido.',
  /** (ours) The server priced the order differently (409): the new total, asked again. */
  priceChangedTitle: 'El precio de tu pedido cambió',
  priceChangedQuestion: (total: string) => `Nuevo total: ${total}. ¿Deseas enviar el pedido con este total?`,
} as const;

/**
 * (ours, in tú) The card form's checks said where each field is: what is
 * wrong and what to do, and what follows a declined card.
 */
export const cardMessages = {
  numberInvalid: 'El número de tarjeta no es válido. Revísalo.',
  expiryFormat: 'Escribe el vencimiento como MM/AA.',
  expired: 'Esta tarjeta está vencida. Usa otra tarjeta.',
  securityCodeLength: (brand: string, digits: number) =>
    `El código de seguridad de ${brand} tiene ${digits} dígitos.`,
  securityCodeDigits: 'El código de seguridad tiene 3 o 4 dígitos.',
  documentInvalid: 'El documento no es válido. Revísalo.',
  /** After the spec's 'El pago no pudo ser procesado.': where to try again. */
  declinedNext: 'Puedes pagarlo con otra tarjeta desde el seguimiento del pedido.',
} as const;

/** Ordering §5 "Address modal". */
export const addressMessages = {
  title: '¿Dónde te encuentras?',
  addressRequired: 'Ingrese una dirección',
  betweenStreetsRequired: 'Ingrese entrecalles',
  allRequired: 'Asegúrese de completar todos los campos obligatorios',
  mandatoryOnClose: 'Debe ingresar la dirección',
  /** Logged, not shown. */
  noFullAddressLog: 'No tiene fullAddress este comensal',
  geolocationFailed: 'Error obteniendo coordenadas',
  getCoordinates: 'Obtener mis coordenadas',
  addressTab: 'Mi dirección',
  locationTab: 'Mi ubicación',
  cancel: 'CANCELAR',
  continue: 'CONTINUAR',
} as const;

/** Ordering §4/§5 "Discount code" and §8. */
export const codeDiscountMessages = {
  title: 'Código de descuento',
  apply: 'Aplicar',
  applying: 'Aplicando',
  continue: 'Continuar',
  paymentMethodFirst: 'Asegurese de haber elegido un medio de pago primero',
  dataFirst: 'Asegúrese de haber ingresado sus datos correctamente para validar el código de descuento.',
  minimumProducts: (amount: string) => `Monto mínimo en productos: ${amount}`,
  requiredPlate: (plate: string) => `Descuento válido teniendo ${plate} en el carrito`,
  requiredCategory: (category: string) =>
    `Descuento válido teniendo un ítem de la categoría ${category} en el carrito`,
  alreadyFreeDelivery: 'Ya tiene envío gratis',
  firstPurchaseOnly: 'Este descuento solo es válido para primera compra',
  maximumDiscount: (amount: string) => `Tope de descuento: ${amount}`,
  expired: 'Tiempo de aplicacion del descuento vencido',
  notFound: 'No se encontró ningún descuento con el código ingresado.',
  paymentChangeWarning: 'Si cambias el medio de pago se borrará el código de descuento',
} as const;

/**
 * 'Mis {name}' (ordering §2 account menu and loyalty modal): on its own so
 * that the menu's first paint (the support/loyalty banner) carries only it.
 */
export const loyaltyProgrammeLabel = (name: string) => `Mis ${name}`;

/** Ordering §5 "Loyalty redeem" and the loyalty screens. */
export const loyaltyMessages = {
  overBalance: (name: string, n: number | string) => `El máximo de ${name} acumulados es: ${n}`,
  overMaximum: (name: string, n: number | string) => `El máximo de ${name} canjeable es: ${n}`,
  underMinimum: (name: string, n: number | string) => `El mínimo de ${name} canjeable es: ${n}`,
  overOrderPercentage: (name: string, n: number | string) =>
    `El máximo de ${name} utilizable para este pedido es: ${n}`,
  myProgramme: loyaltyProgrammeLabel,
  redeem: (name: string) => `Canjear ${name}`,
  myBenefit: 'Mi beneficio',
  historyColumns: ['Pedidos', 'Puntos', 'Saldo'] as const,
} as const;

/** Ordering §2/§7/§9 support chat and the menu home's support/loyalty banner (all ours, ADR 040). */
export const supportChatMessages = {
  open: 'Escríbenos por chat',
  bannerLoyaltyTitle: (name: string) => `Suma ${name} con cada pedido`,
  bannerChatTitle: '¿Tienes dudas? Te ayudamos',
} as const;

/** The chat did not open (shown by the chat's own chunk, so the menu's first load does not carry it). */
export const supportChatProblemMessages = {
  openFailed: 'No pudimos abrir el chat. Inténtalo de nuevo en unos minutos.',
} as const;

/** Ordering §5 "Loyalty reward sign-up" and §8. */
export const rewardMessages = {
  phoneInvalid: 'El número de teléfono es invalido',
  allRequired: 'Debe completar todos los campos para continuar',
  alreadyRedeemed: 'Ya ha canjeado este premio',
  genericError: 'Hubo un error validando sus datos, inténtelo en unos momentos',
} as const;

/** Ordering §4/§5 sign-in and login-only actions. */
export const sessionMessages = {
  signInTitle: 'Iniciar sesión',
  phoneInvalid: 'Debe ingresar un número válido',
  signedIn: 'Inicio de sesión con éxito',
  signInFailed: 'Error iniciando sesión',
  signInRequired: 'Inicie sesión',
  myOrders: 'Mis pedidos',
  signOut: 'Cerrar sesión',
  noOrders: 'No tienes pedidos realizados',
  inProgressOrder: 'PEDIDO EN CURSO',
} as const;

/** Ordering §2/§4/§5 "Scheduling" and the closed-branch texts of §8. */
export const scheduleMessages = {
  now: 'En el momento',
  scheduled: 'Programado',
  day: 'Dia',
  hour: 'Hora',
  scheduleTitle: 'Programa tu pedido',
  orderTypeTitle: 'Tipo de pedido',
  closedModal: 'Local cerrado',
  scheduleModal: 'Programa tu pedido',
  closedBanner: 'Local cerrado.',
  closedScheduleBanner: 'Local cerrado, programa tu pedido.',
  closedLabel: 'Cerrado',
  seeHours: 'Ver horarios',
  infoTitle: 'Informacion',
  hoursTitle: 'Horarios del Local',
  /** (ours) Day names of the 'Horarios del Local' table, Monday first. */
  dayNames: {
    MONDAY: 'Lunes',
    TUESDAY: 'Martes',
    WEDNESDAY: 'Miércoles',
    THURSDAY: 'Jueves',
    FRIDAY: 'Viernes',
    SATURDAY: 'Sábado',
    SUNDAY: 'Domingo',
  },
  /** (ours) Separator between two shifts of one day in the hours table. */
  shiftSeparator: ' y ',
} as const;

/** Ordering §8 error catalogue (the reactions the domain can name). */
export const orderErrorMessages = {
  sendFailed:
    'Hubo un error enviando el pedido, inténtelo en unos minutos, o comuníquese con el local si el error persiste.',
  linkOrTextFailed: 'Hubo un error generando el link de pago o el texto a enviar, inténtelo en unos minutos.',
  paymentLinkFailed: 'Error generando link de pago, inténtelo nuevamente más tarde.',
  paymentStartFailed:
    'Tuvimos un problema al generar el pago de tu pedido. Por favor intente nuevamente más tarde.',
  detailsUpdateFailed: 'Hubo un error actualizando el pedido',
  outsideZone: 'Tu dirección está fuera de la zona de entrega.',
  switchToTakeAway: (takeAwayName: string) => `Cambia a ${takeAwayName} o ingresa otra dirección.`,
  enterAnotherAddress: 'Ingresa otra dirección.',
  branchDoesNotDeliver: BRANCH_DOES_NOT_DELIVER,
  /** §8 "No riders" (the catalogue's spelling, without the accent of the checkout text). */
  noRiders: 'En este momento no contamos con repartidores en la zona. Vuelva a intentar mas tarde',
  paymentSucceeded: 'Pago procesado con éxito.',
  paymentFailed: 'El pago no pudo ser procesado.',
  /** Logged, not shown. */
  cartNotFoundLog: 'Cart not found',
} as const;

/** Follow-up §2.2, §5, §8: the order follow-up page. */
export const followUpMessages = {
  paymentExpired: 'Tiempo de pago vencido, vuelva a generar el pedido',
  cardFieldsInvalid: 'Debe completar correctamente los campos de su tarjeta',
  /** (ours) The spec names a 'pay' label on an unpaid card order without its Spanish text. */
  pay: 'Pagar',
  /** (ours) The label on the greyed detail of a card order not paid yet. */
  unpaidLabel: 'Pendiente de pago',
  /** (ours) A cancelled order that was paid: Comanda refunds nothing, the venue does (order-cancel.ts). */
  canceledRefund: (amount: string, venue: string) =>
    `Ya pagaste ${amount}. La devolución no es automática: la hace ${venue}. Escríbele para coordinarla.`,
  /** (ours) A cancelled online order with no approved payment. */
  canceledNotCharged: 'Este pedido no tiene ningún pago aprobado: no hay nada que devolver.',
  /** (ours) The chat the diner opens with the venue about that refund. */
  canceledRefundChat: (code: string, amount: string) =>
    `Hola, mi pedido ${code} fue cancelado y ya lo había pagado (${amount}). ¿Cómo sigue la devolución?`,
  /** (ours) Progress node names of §4.1. */
  steps: {
    GENERATED: 'Pedido recibido',
    ACCEPTED: 'Pedido aceptado',
    READY: 'Pedido listo',
    DELIVERED: 'Pedido entregado',
    CANCELED: 'Pedido cancelado',
  },
} as const;

/** Follow-up §2.3, §5, §8: the survey. */
export const surveyMessages = {
  mandatory: (title: string) => `La pregunta ${title} es obligatoria`,
  /** (ours) What the API says where the page shows the problem on the field itself. */
  tooLong: (max: number) => `La respuesta puede tener hasta ${max} caracteres`,
  /** (ours) */
  invalidRating: (max: number) => `La calificación debe ser un número del 1 al ${max}`,
  /** (ours) */
  unknownOption: (title: string) => `Elige solo entre las opciones de la pregunta ${title}`,
  /** (ours) */
  reasonNotAllowed: (max: number) => `Los motivos se indican solo con una calificación menor a ${max}`,
  /** (ours) */
  unknownQuestion: 'La pregunta no pertenece a esta encuesta',
  /** (ours) */
  repeatedQuestion: 'La pregunta está respondida más de una vez',
  /** (ours, ADR 031) Why an order cannot be rated: the API's 409s, and the page's screens for them. */
  notDelivered: 'Podrás calificar tu pedido cuando te lo hayan entregado',
  /** (ours) */
  inactive: 'La encuesta de este local no está disponible',
  /** (ours) */
  alreadyAnswered: 'Ya respondiste la encuesta de este pedido. ¡Gracias!',
  /** (ours) */
  noSurvey: 'Este local no tiene una encuesta',
  /** (ours) The page's words when the server gave none. */
  notFound: 'No encontramos la encuesta de este pedido',
} as const;

/** Follow-up §2.7, §5, §8: the rider shift forms. */
export const riderMessages = {
  title: 'Repartidores',
  hello: (name: string) => `Hola ${name}!`,
  phoneIntakeLabel: 'Ingresa con tu teléfono',
  phonePlaceholder: '9 11 2345-6789',
  confirmPhone: 'Confirma tu teléfono',
  fullName: 'Nombre y Apellido',
  securityCode: 'Código de seguridad',
  next: 'Siguiente',
  startShift: 'Iniciar turno',
  endShift: 'Finalizar turno',
  shiftEnded: 'Turno finalizado con éxito',
  phonesDoNotMatch: 'Los números de teléfono no coinciden',
  phoneInvalid: 'El número de teléfono es invalido',
  allRequired: 'Debe completar todos los campos para continuar',
  wrongSecurityCode: 'El código de seguridad es erróneo',
  genericError: 'Hubo un error, vuélvalo a intentar en unos minutos',
} as const;

/** Follow-up §2.5, §2.6, §4.3, §6, §8: the rider shipment screens. */
export const shipmentMessages = {
  listTitle: 'Envíos',
  accept: 'Aceptar envío',
  atStore: 'En el local',
  onRouteToCustomer: 'En camino al cliente',
  delivered: 'Entregado',
  backToStore: 'Regreso al local',
  /** The stack's shipment code, in round brackets, after the label. */
  withCode: (label: string, code: string) => `${label} (${code})`,
  slideHint: 'Deslice >>',
  cancelSimple: 'Cancelar envío en curso',
  cancelStack: 'Cancelar multientrega',
  cancelConfirm: 'Si continúas, se cancelará el envío',
  seeShipments: 'Ver envíos',
  receives: 'Recibe',
  selectionChanged: (code: string) => `Se ha cambiado el envío seleccionado por el: ${code}`,
  noPermission: 'No tienes permisos para ver los envíos',
  accessDenied: 'Acceso denegado o link expirado',
  listFailed: 'Hubo un error buscando los envíos, vuelva a intentarlo en unos minutos',
  /** The spec shows 'Hubo un error buscando el envío, ...'; the rest (ours) mirrors the list's text. */
  fetchFailed: 'Hubo un error buscando el envío, vuelva a intentarlo en unos minutos',
  /** The spec shows 'Hubo un error pasando el envío de estado, ...'; the rest (ours) mirrors the list's text. */
  updateFailed: 'Hubo un error pasando el envío de estado, vuelva a intentarlo en unos minutos',
} as const;

/** Follow-up §2.8: customer live tracking. */
export const trackingMessages = {
  refresh: 'Actualizar',
  order: (code: string) => `Pedido ${code}`,
  noRider: 'Sin repartidor',
  eta: (eta: string) => `Entrega estimada: ${eta}`,
  codeTitle: 'Clave de entrega',
  codeNote: 'El repartidor te solicitará esta clave al entregar el pedido',
  shareTitle: 'Comparte la clave',
  shareNote:
    'El repartidor confirmará la entrega del pedido con la clave de entrega. ¡Espera a recibir el pedido para compartirla!',
  continue: 'Continuar',
} as const;

/**
 * (ours) Labels of the order text sent to the venue through the messaging app,
 * and of the follow-up's error report. The spec names the content, not the words.
 */
export const venueMessages = {
  newOrder: 'Nuevo pedido',
  orderCode: 'Pedido',
  mode: 'Modo',
  customer: 'Cliente',
  phone: 'Teléfono',
  email: 'Email',
  document: 'Documento',
  table: 'Mesa',
  address: 'Dirección',
  betweenStreets: 'Entrecalles',
  details: 'Aclaraciones',
  scheduledFor: 'Programado para',
  asap: 'Lo antes posible',
  items: 'Productos',
  notes: 'Notas',
  itemNote: 'Nota',
  subtotal: 'Subtotal',
  menuDiscounts: 'Descuentos en productos',
  deliveryFee: 'Envío',
  serviceFee: 'Costo de servicio',
  loyalty: 'Canje de puntos',
  total: 'Total',
  payment: 'Pago',
  paysWith: 'Paga con',
  change: 'Vuelto',
  /** (ours) An online payment's state, added when the order text leaves after the payment (ADR 014). */
  paymentState: 'Estado del pago',
  paymentStates: {
    PAID: 'Pagado',
    REJECTED: 'Rechazado (puede volver a pagar desde el seguimiento del pedido)',
    PENDING: 'Pendiente de confirmación',
    UNPAID: 'Sin pagar (puede pagar desde el seguimiento del pedido)',
  },
  discountCode: 'Código',
  errorReport: (orderCode: string) => `Hola, tengo un problema con mi pedido ${orderCode}:`,
  cancelRequest: (orderCode: string) => `Hola, quiero cancelar mi pedido ${orderCode}.`,
  contact: (orderCode: string) => `Hola, les escribo por mi pedido ${orderCode}.`,
  /** Issue 6's enumeration, in its order: wrong item, missing item, late, cold, cancel request, other. */
  errorTypes: {
    WRONG_ITEM: 'Recibí un producto equivocado',
    MISSING_ITEM: 'Falta un producto',
    LATE: 'El pedido está demorado',
    COLD: 'El pedido llegó frío',
    CANCEL_REQUEST: 'Quiero cancelar el pedido',
    OTHER: 'Otro problema',
  },
} as const;

/**
 * (ours) Messages to the diner's phone (WhatsApp) when an order is placed and
 * at every status change; the spec names the notifications, not their words.
 * `venue` is the branch contact's name, `url` the follow-up page.
 */
export const orderNotificationMessages = {
  GENERATED: (code: string, venue: string) =>
    `Recibimos tu pedido ${code} en ${venue}. Te avisaremos cuando el local lo acepte.`,
  ACCEPTED: (code: string, venue: string) => `${venue} aceptó tu pedido ${code} y ya lo está preparando.`,
  READY: (code: string, venue: string) => `Tu pedido ${code} de ${venue} está listo.`,
  DELIVERED: (code: string, venue: string) => `Tu pedido ${code} de ${venue} fue entregado. ¡Buen provecho!`,
  CANCELED: (code: string, venue: string) => `${venue} canceló tu pedido ${code}.`,
  /** READY of a delivery that left with the venue's own rider: the code to give at the door. */
  onTheWay: (code: string, venue: string) => `Tu pedido ${code} de ${venue} va en camino.`,
  deliveryCode: (deliveryCode: string) =>
    `Clave de entrega: ${deliveryCode}. El repartidor te solicitará esta clave al entregar el pedido`,
  cancelReason: (reason: string) => `Motivo: ${reason}`,
  followUp: (url: string) => `Sigue tu pedido en ${url}`,
  /** The first line of a chat the venue opens with the customer from the console. */
  venueContact: (name: string, code: string, venue: string) =>
    `Hola${name ? ` ${name}` : ''}, te escribimos de ${venue} por tu pedido ${code}.`,
} as const;

/** (ours) 'Repetir pedido' (issue 11, beyond the spec): the lines of a past order no longer sold. */
export const orderRepeatMessages = {
  repeat: 'Repetir pedido',
  dropped: (names: string) => `Ya no están a la venta y no se agregaron: ${names}`,
} as const;

/** Issue 19 "Sold out now" (ours): what the diner reads of an item the venue marked 'Agotado'. */
export const soldOutMessages = {
  badge: 'Agotado',
  plate: (plate: string) => `'${plate}' se agotó. Quítalo del carrito para seguir.`,
  size: (plate: string, size: string) => `'${plate}' (${size}) se agotó. Quítalo del carrito para seguir.`,
  garnishItem: (plate: string, item: string) =>
    `'${item}' de '${plate}' se agotó. Quítalo del carrito y vuelve a agregarlo sin eso.`,
  plateUnavailable: 'Se agotó por ahora. Elige otro plato.',
  sizeUnavailable: 'Ese tamaño se agotó por ahora. Elige otro.',
} as const;
