/**
 * 'Mis datos': the diner's name, phone (with its country), email, document,
 * table and WhatsApp opt-in, prefilled from the entry link and, for a
 * signed-in diner, from the session and the customer's data, which replace
 * the link's name and phone (the account is the diner's own; a link's are
 * whatever its sender wrote) but never what the diner typed. A table QR code's
 * table is locked. The phone is checked once the diner pauses typing.
 */
import { checkoutMessages } from '@comanda/domain/messages';
import {
  PHONE_COUNTRIES,
  PHONE_DEFAULT_COUNTRY,
  PHONE_INPUT_DEBOUNCE_MS,
  phoneIsValid,
  phoneParse,
} from '@comanda/domain/phone';
import { tableNumberFromLink } from '@comanda/domain/table-number';
import { useEffect, useRef, useState } from 'react';
import type { CustomerSession } from '../../../stores/customer-session-store';
import type { EntryParams } from '../../../stores/entry-params-store';

/** A field still empty, or still as the entry link filled it. */
function untouched(current: string, fromLink: string): boolean {
  return !current.trim() || current === fromLink;
}

export function useCustomerFields(
  entry: EntryParams,
  signedIn: { session: CustomerSession | null; customer: { name: string | null; optIn: boolean } | null },
) {
  const linkName = entry.customerName ?? entry.name ?? '';
  const linkPhone = entry.phone ?? '';
  const [name, setName] = useState(linkName);
  const [phone, setPhone] = useState(linkPhone);
  const [phoneCountry, setPhoneCountry] = useState<string>(PHONE_DEFAULT_COUNTRY);
  const [phoneChecked, setPhoneChecked] = useState(entry.phone ?? '');
  const [email, setEmail] = useState('');
  const [document, setDocument] = useState('');
  const linkTable = tableNumberFromLink(entry.tableNumber);
  const [typedTable, setTableNumber] = useState('');
  const tableNumber = linkTable ?? typedTable;
  useEffect(() => {
    const timer = window.setTimeout(() => setPhoneChecked(phone), PHONE_INPUT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [phone]);
  const [optIn, setOptIn] = useState(false);

  // What the diner typed wins: the session fills only fields empty or as the link left them, once
  // per session and per read.
  const { session, customer } = signedIn;
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!session || filledFor.current === session.token) return;
    filledFor.current = session.token;
    if (session.name) setName((current) => (untouched(current, linkName) ? (session.name ?? '') : current));
    setPhone((current) => {
      if (!untouched(current, linkPhone)) return current;
      const country = phoneParse(session.phone)?.country?.toLowerCase();
      if (country && (PHONE_COUNTRIES as readonly string[]).includes(country)) setPhoneCountry(country);
      return session.phoneDisplay || session.phone;
    });
  }, [session, linkName, linkPhone]);
  const readApplied = useRef<typeof customer>(null);
  useEffect(() => {
    if (!customer || readApplied.current === customer) return;
    readApplied.current = customer;
    if (customer.name) setName((current) => (untouched(current, linkName) ? (customer.name ?? '') : current));
    setOptIn(customer.optIn);
  }, [customer, linkName]);

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
    /** The table came from a table QR code: shown, sent, not editable. */
    tableLocked: linkTable !== null,
    /** The table the entry link names, usable or not in this mode. */
    linkTable,
    optIn,
    setOptIn,
  };
}

export type CustomerFields = ReturnType<typeof useCustomerFields>;
