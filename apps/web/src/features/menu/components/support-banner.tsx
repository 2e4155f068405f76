import type { SupportBanner as SupportBannerContent } from '@comanda/domain/support-chat';

/**
 * The menu home's support/loyalty banner (ordering §2, ADR 040): the loyalty
 * programme by its name and, when the brand has one, its support chat. What
 * each entry opens is the composer's (the loyalty modal is the account's).
 */
export function SupportBanner({
  banner,
  onLoyalty,
  onChat,
}: {
  banner: SupportBannerContent;
  onLoyalty: () => void;
  onChat: () => void;
}) {
  return (
    <section className="support-banner" aria-label="Beneficios y ayuda">
      <p className="support-banner__title">{banner.title}</p>
      {banner.loyaltyLabel ? (
        <button type="button" className="button button--small" onClick={onLoyalty}>
          {banner.loyaltyLabel}
        </button>
      ) : null}
      {banner.chatLabel ? (
        <button type="button" className="button button--small button--bordered" onClick={onChat}>
          {banner.chatLabel}
        </button>
      ) : null}
    </section>
  );
}
