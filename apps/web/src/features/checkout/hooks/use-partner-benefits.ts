/**
 * The external-loyalty user in the checkout (ordering §6; ADR 015 and 030): a
 * diner who came with a partner link is verified by the partner's preview
 * (`POST /api/external-benefits/{partner}` with the bearer token) once the
 * order mode is known. Verified, the partner's discounts go to the domain's
 * pricing (which picks the lowest priority) and the order carries the partner
 * and its token; refused (401, or an unknown partner) or unreachable, the
 * diner is told so and orders without the benefit, with nothing else lost.
 */
import type { GeneralDiscount } from '@comanda/domain/types';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type PartnerBenefitsPlace, type PartnerLink, partnerBenefitsGet } from '../api/partner-benefits-api';

/** (ours) What the checkout says about the partner's benefit. */
export const partnerBenefitMessages = {
  applied: (name: string) => `Beneficio aplicado: ${name}`,
  refused:
    'No pudimos verificar tu beneficio. Puedes seguir con tu pedido sin él, o volver a ingresar desde la app de tu programa de beneficios.',
  failed:
    'No pudimos consultar tu beneficio en este momento. Puedes seguir con tu pedido sin él, o recargar la página para intentarlo de nuevo.',
  verifying: 'Estamos verificando tu beneficio, aguarda unos momentos.',
} as const;

/** none: no partner link; verified: the partner vouched for the user; refused or failed: no benefit. */
export type PartnerBenefitStatus = 'none' | 'loading' | 'verified' | 'refused' | 'failed';

interface Checked {
  key: string;
  status: 'verified' | 'refused' | 'failed';
  benefits: GeneralDiscount[];
}

export function usePartnerBenefits(
  link: PartnerLink | null,
  place: PartnerBenefitsPlace | null,
  mantissaLength: number,
) {
  const key = link && place ? JSON.stringify([link, place, mantissaLength]) : null;
  const [checked, setChecked] = useState<Checked | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the link and the place it is checked for.
  useEffect(() => {
    if (!key || !link || !place) return;
    const controller = new AbortController();
    partnerBenefitsGet(link, place, mantissaLength, controller.signal).then(
      (benefits) => setChecked({ key, status: 'verified', benefits }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A refused token or a partner the venue does not know: the link cannot give a benefit.
        const refused = error instanceof ApiError && (error.status === 401 || error.status === 400);
        setChecked({ key, status: refused ? 'refused' : 'failed', benefits: [] });
      },
    );
    return () => controller.abort();
  }, [key]);

  const current = key !== null && checked?.key === key ? checked : null;
  const status: PartnerBenefitStatus = key === null ? 'none' : (current?.status ?? 'loading');
  const verified = status === 'verified' && link !== null;

  return {
    status,
    /** ordering §6: receives the benefits automatically and keeps the discount code (§4, §5). */
    externalLoyalty: verified,
    /** The partner's discounts for the pricing (empty unless verified). */
    benefits: verified ? (current?.benefits ?? []) : [],
    /** The order's partner fields and its bearer token, only once verified. */
    order: verified
      ? {
          fields: { partnerName: link.partner, userExternalReference: link.externalUserId },
          token: link.userToken,
        }
      : null,
    /** What to tell the diner when the link gives no benefit. */
    problem:
      status === 'refused'
        ? partnerBenefitMessages.refused
        : status === 'failed'
          ? partnerBenefitMessages.failed
          : null,
    /** The server refused the token when placing the order (it expired meanwhile): go on without it. */
    refuse() {
      if (key) setChecked({ key, status: 'refused', benefits: [] });
    },
  };
}

export type PartnerBenefits = ReturnType<typeof usePartnerBenefits>;
