import { describe, expect, it } from 'vitest';
import * as messages from './messages';

/**
 * Every quoted text of the two spec documents, copied from them character for
 * character (placeholders as the spec writes them). English fragments, partial
 * texts ('...') and non-text tokens are left out.
 */
const SPEC_TEXTS = [
  'Buscar Local',
  'Lo más destacado',
  'Ver mi pedido',
  'Mi pedido',
  'Te recomendamos',
  'Agregar más productos',
  'Continuar',
  'Volver al Menú',
  'Confirmación del pedido',
  'Mi pago',
  'En el momento',
  'Programado',
  'Dia',
  'Hora',
  'Programa tu pedido',
  'Tipo de pedido',
  '¿Dónde te encuentras?',
  'Mi dirección',
  'Mi ubicación',
  'Obtener mis coordenadas',
  'PEDIDO EN CURSO',
  'Cerrado',
  'Ver horarios',
  'Llega en',
  'Envío',
  'Mínimo',
  'Retirar en',
  'Envío gratis a partir de {amount}',
  'Cambiar local',
  'Ingresar dirección',
  'Cambiar',
  'Mis pedidos',
  'Mi beneficio',
  'Mis {loyalty programme name}',
  'Cerrar sesión',
  'Iniciar sesión',
  'Informacion',
  'Horarios del Local',
  'Local cerrado',
  'Mis {program name}',
  'Canjear {name}',
  'Código de descuento',
  'Si continuas, se borrarán los ítems agregados a tu pedido',
  '¿Deseas continuar?',
  'Si cambias el medio de pago se borrará el código de descuento',
  '¡La próxima puedes hacer tu pedido desde nuestra App!',
  'Instalar',
  'Tiempo de aplicacion del descuento vencido',
  'Inicio de sesión con éxito',
  'Error iniciando sesión',
  'Debe ingresar un número válido',
  'Revise que haya agregado la cantidad correcta de opcionales',
  'Ya se ha seleccionado el maximo de opcionales permitidos en este grupo',
  'No se pueden agregar mas que el máximo',
  'Debe ingresar su número de teléfono para continuar.',
  'Debe ingresar su nombre para poder realizar el pedido.',
  'Debe ingresar un número de teléfono válido para continuar.',
  'Debe ingresar número de mesa para poder realizar el pedido.',
  'Debe ingresar su email para poder realizar el pedido',
  'Ingrese un email valido',
  'Ingrese un documento valido',
  'Debe ingresar con cuanto abona para poder realizar el pedido.',
  'El monto con el cual abonará no puede ser menor al precio del pedido.',
  'Debe ingresar dirección para poder realizar el pedido.',
  'Debe ingresar entrecalles para poder realizar el pedido.',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the spec writes this text with a literal ${min}.
  'El precio del pedido debe ser mayor a ${min}',
  'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde',
  'Tu dirección no se encuentra dentro de la zona de entrega.',
  'Estamos calculando el costo de envío, aguarde unos momentos.',
  'En este momento no contamos con repartidores en la zona que acepten efectivo. Vuelva a intentar más tarde',
  'Debe completar correctamente los campos de la tarjeta para continuar.',
  'Debe completar los campos de su tarjeta correctamente',
  'Estamos calculando los horarios del local, aguarde unos momentos.',
  'Seleccione un horario de programación del pedido',
  'Este campo está incompleto',
  'Ingrese una dirección',
  'Ingrese entrecalles',
  'Asegúrese de completar todos los campos obligatorios',
  'Debe ingresar la dirección',
  'No tiene fullAddress este comensal',
  'Asegurese de haber elegido un medio de pago primero',
  'Asegúrese de haber ingresado sus datos correctamente para validar el código de descuento.',
  'Monto mínimo en productos: {amount}',
  'Descuento válido teniendo {plate} en el carrito',
  'Descuento válido teniendo un ítem de la categoría {category} en el carrito',
  'Ya tiene envío gratis',
  'Este descuento solo es válido para primera compra',
  'Tope de descuento: {amount}',
  'El máximo de {name} acumulados es: {n}',
  'El máximo de {name} canjeable es: {n}',
  'El mínimo de {name} canjeable es: {n}',
  'El máximo de {name} utilizable para este pedido es: {n}',
  'El número de teléfono es invalido',
  'Debe completar todos los campos para continuar',
  'Inicie sesión',
  'Menú informativo. Pedidos deshabilitados.',
  'Cart not found',
  'Hubo un error enviando el pedido, inténtelo en unos minutos, o comuníquese con el local si el error persiste.',
  'Hubo un error generando el link de pago o el texto a enviar, inténtelo en unos minutos.',
  'Error generando link de pago, inténtelo nuevamente más tarde.',
  'Tuvimos un problema al generar el pago de tu pedido. Por favor intente nuevamente más tarde.',
  'Hubo un error actualizando el pedido',
  'No se encontró ningún descuento con el código ingresado.',
  'Error obteniendo coordenadas',
  'Tu dirección está fuera de la zona de entrega.',
  'Cambia a {take away name} o ingresa otra dirección.',
  'Ingresa otra dirección.',
  'Este local no realiza envíos a tu dirección.',
  'En este momento no contamos con repartidores en la zona. Vuelva a intentar mas tarde',
  'Local cerrado.',
  'Local cerrado, programa tu pedido.',
  'No tienes pedidos realizados',
  'Ya ha canjeado este premio',
  'Hubo un error validando sus datos, inténtelo en unos momentos',
  'Pago procesado con éxito.',
  'El pago no pudo ser procesado.',
  'Gratis',
  'Bonificada',
  'Suma {amount} para llegar al mínimo',
  'Suma {amount} para tener envío gratis',
  '¡Llegaste al mínimo!',
  '¡Tienes envío gratis!',
  'Acceso denegado o link expirado',
  'Tiempo de pago vencido, vuelva a generar el pedido',
  'Envíos',
  'Ver envíos',
  'Recibe',
  'Cancelar envío en curso',
  'Cancelar multientrega',
  'Si continúas, se cancelará el envío',
  'Deslice >>',
  'Se ha cambiado el envío seleccionado por el: {code}',
  'Repartidores',
  'Hola {name}!',
  'Ingresa con tu teléfono',
  '9 11 2345-6789',
  'Siguiente',
  'Confirma tu teléfono',
  'Nombre y Apellido',
  'Código de seguridad',
  'Iniciar turno',
  'Finalizar turno',
  'Turno finalizado con éxito',
  'Actualizar',
  'Pedido {code}',
  'Sin repartidor',
  'Entrega estimada: {eta}',
  'Clave de entrega',
  'El repartidor te solicitará esta clave al entregar el pedido',
  'Comparte la clave',
  'El repartidor confirmará la entrega del pedido con la clave de entrega. ¡Espera a recibir el pedido para compartirla!',
  'Aceptar envío',
  'En el local',
  'En camino al cliente',
  'Entregado',
  'Regreso al local',
  'La pregunta {title} es obligatoria',
  'Debe completar correctamente los campos de su tarjeta',
  'Los números de teléfono no coinciden',
  'Has alcanzado el máximo de unidades ({max}) para este producto',
  'No tienes permisos para ver los envíos',
  'Has alcanzado el máximo de unidades ({n}) para este producto',
  'Hubo un error buscando los envíos, vuelva a intentarlo en unos minutos',
  'Hubo un error, vuélvalo a intentar en unos minutos',
  'El código de seguridad es erróneo',
];

function constants(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(constants);
  if (value && typeof value === 'object') return Object.values(value).flatMap(constants);
  return [];
}

/** Templates rendered with the spec's own placeholders. */
const TEMPLATES: string[] = [
  messages.cartMessages.maxQuantity('{n}'),
  messages.cartMessages.maxQuantity('{max}'),
  messages.progressMessages.toMinimum('{amount}'),
  messages.progressMessages.toFreeDelivery('{amount}'),
  messages.feeMessages.freeDeliveryFrom('{amount}'),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the spec's placeholder, where the formatted amount goes.
  messages.checkoutMessages.minimumOrder('${min}'),
  messages.codeDiscountMessages.minimumProducts('{amount}'),
  messages.codeDiscountMessages.requiredPlate('{plate}'),
  messages.codeDiscountMessages.requiredCategory('{category}'),
  messages.codeDiscountMessages.maximumDiscount('{amount}'),
  messages.loyaltyMessages.overBalance('{name}', '{n}'),
  messages.loyaltyMessages.overMaximum('{name}', '{n}'),
  messages.loyaltyMessages.underMinimum('{name}', '{n}'),
  messages.loyaltyMessages.overOrderPercentage('{name}', '{n}'),
  messages.loyaltyMessages.myProgramme('{loyalty programme name}'),
  messages.loyaltyMessages.myProgramme('{program name}'),
  messages.loyaltyMessages.redeem('{name}'),
  messages.orderErrorMessages.switchToTakeAway('{take away name}'),
  messages.surveyMessages.mandatory('{title}'),
  messages.riderMessages.hello('{name}'),
  messages.shipmentMessages.selectionChanged('{code}'),
  messages.trackingMessages.order('{code}'),
  messages.trackingMessages.eta('{eta}'),
];

describe('messages: every Spanish text of the spec, word for word', () => {
  const produced = new Set([...Object.values(messages).flatMap(constants), ...TEMPLATES]);

  it.each(SPEC_TEXTS)('%s', (text) => {
    expect(produced.has(text)).toBe(true);
  });

  it('renders the templates with real values', () => {
    expect(messages.checkoutMessages.minimumOrder('$ 8.000')).toBe(
      'El precio del pedido debe ser mayor a $ 8.000',
    );
    expect(messages.shipmentMessages.withCode('Entregado', 'A1')).toBe('Entregado (A1)');
    // Ours: the checkout asks again with the server's total after a 409.
    expect(messages.checkoutMessages.priceChangedQuestion('$ 9.100')).toBe(
      'Nuevo total: $ 9.100. ¿Deseas enviar el pedido con este total?',
    );
    expect(messages.venueMessages.errorReport('X')).toBe('Hola, tengo un problema con mi pedido X:');
    // The console's first line to a customer, with and without their name.
    expect(messages.orderNotificationMessages.venueContact('Ana', 'K7', 'Fuego')).toBe(
      'Hola Ana, te escribimos de Fuego por tu pedido K7.',
    );
    expect(messages.orderNotificationMessages.venueContact('', 'K7', 'Fuego')).toBe(
      'Hola, te escribimos de Fuego por tu pedido K7.',
    );
  });

  it('keeps the two spellings of the no-riders text apart (checkout with accent, catalogue without)', () => {
    expect(messages.checkoutMessages.noRiders.endsWith('más tarde')).toBe(true);
    expect(messages.orderErrorMessages.noRiders.endsWith('mas tarde')).toBe(true);
  });
});
