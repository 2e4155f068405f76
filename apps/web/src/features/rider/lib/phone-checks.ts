import { useEffect, useState } from 'react';

/**
 * The rider forms' phone checks, with the phone library they need: asked for
 * when a phone field is first used, awaited when the form is sent. The shift
 * page's first load stays without them (bench/bundle-size.mjs: the rider app's
 * first page has a 100 KB bar, and the library alone is close to 30 KB).
 */
export const riderPhoneChecks = () => import('@comanda/domain/rider-phone-checks');

/**
 * A phone (E.164) as a person reads it (lib/format.ts's riderPhoneText), once
 * the phone library has arrived; until then, as stored.
 */
export function useRiderPhoneText(e164: string): string {
  const [text, setText] = useState<{ e164: string; text: string } | null>(null);
  useEffect(() => {
    if (!e164) return;
    let current = true;
    void import('./format').then(({ riderPhoneText }) => {
      if (current) setText({ e164, text: riderPhoneText(e164) });
    });
    return () => {
      current = false;
    };
  }, [e164]);
  return text?.e164 === e164 ? text.text : e164;
}
