/** (ours) The sandbox's texts: its hosted pages and tokenization endpoint speak Spanish to the diner. */
export const sandboxMessages = {
  cardNumberInvalid: 'El número de tarjeta no es válido',
  cardNotTest:
    'Use una tarjeta de prueba: 4509 9535 6623 3704 (aprueba), 4000 0000 0000 0002 (rechaza) o 4000 0000 0000 0036 (queda pendiente)',
  expiryInvalid: 'La fecha de vencimiento no es válida o ya pasó',
  securityCodeInvalid: 'El código de seguridad debe tener 3 o 4 dígitos',
  tokenInvalid: 'La tarjeta no es válida o ya se usó; vuelva a ingresarla',
  linkUnknown: 'El link de pago no existe',
  linkPaid: 'Este link de pago ya fue pagado',
  linkExpired: 'El link de pago venció',
  linkAttemptPending: 'Hay un pago en proceso para este link; espere el resultado',
  transactionUnknown: 'La transacción no existe',
  transactionClosed: 'La transacción ya no está disponible',
} as const;
