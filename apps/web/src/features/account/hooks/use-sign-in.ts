/**
 * The 'Iniciar sesión' flow (ordering §2, §5 "Phone"; ADR 018): the phone,
 * checked with the phone library, gets a one-time code by WhatsApp; the code
 * opens a session, kept for the company by the session store.
 */
import {
  PHONE_INPUT_DEBOUNCE_MS,
  type PhoneCountry,
  phoneCountry,
  phoneParse,
  phoneSignInCheck,
} from '@comanda/domain/phone';
import { useEffect, useState } from 'react';
import { customerSessionStart } from '../../../stores/customer-session-store';
import { signInCodeRequest, signInSessionOpen } from '../api/account-api';
import { SIGN_IN_CODE_LENGTH, type SignInProblem, signInProblem, signInTexts } from '../lib/sign-in-problem';

export interface SignInPlace {
  branchContactId: number;
  /** The venue's country (ISO, any casing): the phone's country when the input offers it. */
  countryCode: string;
}

export type SignInStep = 'phone' | 'code';

export interface SignInOutcomes {
  onSignedIn: () => void;
  /** A failure no field or wait explains ('Error iniciando sesión'): said once, as a toast. */
  onFailed: (message: string) => void;
}

export function useSignIn(place: SignInPlace, { onSignedIn, onFailed }: SignInOutcomes) {
  const [step, setStep] = useState<SignInStep>('phone');
  // ordering §5 defaults to 'ar'; the venue's own country reads a local number as its diners type it.
  const [country, setCountry] = useState<PhoneCountry>(() => phoneCountry(place.countryCode));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<SignInProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ phone: string; display: string; demoCode: string | null } | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // Once the phone was refused, the message follows what is typed, 500 ms after the last key (§9).
  const phoneRefused = problem?.field === 'phone';
  useEffect(() => {
    if (!phoneRefused) return;
    const timer = window.setTimeout(() => {
      if (!phoneSignInCheck(phone, country)) setProblem(null);
    }, PHONE_INPUT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [phoneRefused, phone, country]);

  // A wait the API asked for ends on its own: the button comes back then.
  const retryAt = problem?.retryAt;
  useEffect(() => {
    if (!retryAt) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, retryAt - Date.now()) + 50);
    return () => window.clearTimeout(timer);
  }, [retryAt]);
  const waiting = retryAt !== undefined && retryAt > now;

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      const at = Date.now();
      const found = signInProblem(error, at);
      setNow(at);
      if (found.field === null && found.retryAt === undefined) onFailed(found.message);
      else setProblem(found);
    } finally {
      setBusy(false);
    }
  }

  /** Step 1: a valid phone asks for a code. */
  async function requestCode(): Promise<void> {
    if (busy || waiting) return;
    const invalid = phoneSignInCheck(phone, country);
    if (invalid) {
      setProblem({ field: 'phone', message: invalid });
      return;
    }
    const parsed = phoneParse(phone, country);
    if (!parsed) return;
    setProblem(null);
    await run(async () => {
      const answer = await signInCodeRequest({ phone: parsed.e164, branchContactId: place.branchContactId });
      setSent({
        phone: answer.phone,
        display: phoneParse(answer.phone)?.international ?? answer.phone,
        demoCode: answer.code ?? null,
      });
      setCode('');
      setStep('code');
    });
  }

  /** Step 2: the code opens the session. */
  async function verify(): Promise<void> {
    if (busy || !sent) return;
    const typed = code.replace(/\D/g, '');
    if (typed.length !== SIGN_IN_CODE_LENGTH) {
      setProblem({ field: 'code', message: signInTexts.codeIncomplete });
      return;
    }
    setProblem(null);
    await run(async () => {
      const session = await signInSessionOpen({
        phone: sent.phone,
        branchContactId: place.branchContactId,
        code: typed,
      });
      customerSessionStart({
        token: session.token,
        phone: session.phone,
        phoneDisplay: sent.display,
        expiresAt: session.expiresAt,
      });
      onSignedIn();
    });
  }

  /** Back to the phone, to correct it. */
  function changePhone(): void {
    setStep('phone');
    setProblem(null);
    setCode('');
  }

  return {
    step,
    country,
    phone,
    code,
    sent,
    busy,
    waiting,
    problem,
    setCountry: (next: PhoneCountry) => {
      setCountry(next);
      if (problem?.field === 'phone') setProblem(null);
    },
    setPhone,
    setCode: (next: string) => {
      setCode(next.replace(/\D/g, '').slice(0, SIGN_IN_CODE_LENGTH));
      if (problem?.field === 'code') setProblem(null);
    },
    requestCode,
    verify,
    changePhone,
  };
}
