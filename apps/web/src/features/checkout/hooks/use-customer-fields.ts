/**
 * 'Mis datos': the diner's name, phone (with its country), email, document and
 * table, prefilled from the entry link, with the phone checked once the diner
 * pauses typing.
 */
import { checkoutMessages } from '@comanda/domain/messages';
import { PHONE_DEFAULT_COUNTRY, PHONE_INPUT_DEBOUNCE_MS, phoneIsValid } from '@comanda/domain/phone';
import { useEffect, useState } from 'react';
import type { EntryParams } from '../../../stores/entry-params-store';

export function useCustomerFields(entry: EntryParams) {
  const [name, setName] = useState(entry.customerName ?? entry.name ?? '');
  const [phone, setPhone] = useState(entry.phone ?? '');
  const [phoneCountry, setPhoneCountry] = useState<string>(PHONE_DEFAULT_COUNTRY);
  const [phoneChecked, setPhoneChecked] = useState(entry.phone ?? '');
  const [email, setEmail] = useState('');
  const [document, setDocument] = useState('');
  const [tableNumber, setTableNumber] = useState(entry.tableNumber ?? '');
  useEffect(() => {
    const timer = window.setTimeout(() => setPhoneChecked(phone), PHONE_INPUT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [phone]);
  const phoneError =
    phoneChecked.trim() !== '' && phoneChecked === phone && !phoneIsValid(phoneChecked, phoneCountry)
      ? checkoutMessages.phoneInvalid
      : null;
  return {
    name,
    setName,
    phone,
    setPhone,
    phoneCountry,
    setPhoneCountry,
    phoneError,
    email,
    setEmail,
    document,
    setDocument,
    tableNumber,
    setTableNumber,
  };
}

export type CustomerFields = ReturnType<typeof useCustomerFields>;
