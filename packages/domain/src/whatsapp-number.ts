// A module of its own, free of libphonenumber: the storefront's first load builds the venue's chat link.

/**
 * The digits WhatsApp knows a phone by, for a `wa.me` link or a Cloud API
 * recipient: E.164 without the `+` and, for Argentina, with the mobile `9`
 * after `54`. A diner who types '11 5555 0101' or '011 5555 0101' gets
 * `+541155550101` (the landline form libphonenumber reads it as), but
 * WhatsApp numbers are mobiles and WhatsApp finds an Argentine mobile only
 * as `549…`. The stored phone is left as typed: only what WhatsApp is given changes.
 */
export function phoneWhatsAppDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('54') && !digits.startsWith('549') ? `549${digits.slice(2)}` : digits;
}
