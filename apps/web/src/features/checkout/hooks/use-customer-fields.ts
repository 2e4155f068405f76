/**
 * 'Mis datos': the diner's name, phone (with its country), email, document,
 * table and WhatsApp opt-in, prefilled from the entry link and, for a
 * signed-in diner, from the session and the customer's data; the phone is
 * checked once the diner pauses typing.
 */
import { checkoutMessages } from '@comanda/domain/messages';
import {
  PHONE_COUNTRIES,
  PHONE_DEFAULT_COUNTRY,
  PHONE_INPUT_DEBOUNCE_MS,
  phoneIsValid,
  phoneParse,
} from '@comanda/domain/phone';
import { useEffect, useRef, useState } from 'react';
import type { CustomerSession } from '../../../stores/customer-session-store';
import type { EntryParams } from '../../../stores/entry-params-store';

export function useCustomerFields(
  entry: EntryParams,
  signedIn: { session: CustomerSession | null; customer: { name: string | null; optIn: boolean } | null },
) {
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
  const [optIn, setOptIn] = useState(false);

  // What the diner typed wins: the session fills only empty fields, once per session and per read.
  const { session, customer } = signedIn;
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!session || filledFor.current === session.token) return;
    filledFor.current = session.token;
    if (session.name) setName((current) => current || (session.name ?? ''));
    setPhone((current) => {
      if (current.trim()) return current;
      const country = phoneParse(session.phone)?.country?.toLowerCase();
      if (country && (PHONE_COUNTRIES as readonly string[]).includes(country)) setPhoneCountry(country);
      return session.phoneDisplay || session.phone;
    });
  }, [session]);
  const readApplied = useRef<typeof customer>(null);
  useEffect(() => {
    if (!customer || readApplied.current === customer) return;
    readApplied.current = customer;
    if (customer.name) setName((current) => current || (customer.name ?? ''));
    setOptIn(customer.optIn);
  }, [customer]);

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
    optIn,
    setOptIn,
  };
}

export type CustomerFields = ReturnType<typeof useCustomerFields>;
