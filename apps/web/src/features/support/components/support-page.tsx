import { supportChatMessages } from '@comanda/domain/messages';
import { venueFollowUpText, venueWhatsAppLink } from '@comanda/domain/venue-message';
import { useToast } from '../../../components/ui/toast';
import { supportChatOpen } from '../../../lib/support-chat-open';
import type { ApiBranchContact } from '../../../types/api';

/**
 * The support page for one order (follow-up §2.2 support link): the venue's
 * contacts — the brand's support chat when it has one (ADR 040), phone and
 * WhatsApp, the chat prefilled with the order code.
 */
export function SupportPage({
  orderCode,
  venueName,
  contact,
  whatsAppPhone,
}: {
  orderCode: string;
  venueName: string;
  contact: ApiBranchContact | null;
  whatsAppPhone: string | null;
}) {
  const toast = useToast();
  const chat = contact?.branch.supportChat;
  const callPhone = contact?.callPhone ?? null;
  const whatsApp = whatsAppPhone ?? contact?.whatsAppPhone ?? null;
  return (
    <main className="page follow-up" id="contenido">
      <p className="eyebrow">Pedido {orderCode}</p>
      <h1>Ayuda con tu pedido</h1>
      <p className="muted">Comunícate con {venueName} por tu pedido.</p>
      <section className="follow-up__section support-contacts" aria-label="Contactos del local">
        {chat ? (
          <button type="button" className="button" onClick={() => supportChatOpen(chat, toast)}>
            {supportChatMessages.open}
          </button>
        ) : null}
        {callPhone ? (
          <a className="button button--bordered" href={`tel:${callPhone.replace(/[^\d+]/g, '')}`}>
            Llamar al {callPhone}
          </a>
        ) : null}
        {whatsApp ? (
          <a
            className="button"
            href={venueWhatsAppLink(whatsApp, venueFollowUpText(orderCode, { kind: 'contact' }))}
            target="_blank"
            rel="noopener noreferrer"
          >
            Escribir por WhatsApp
          </a>
        ) : null}
        {!chat && !callPhone && !whatsApp ? (
          <p className="muted">El local no publicó un teléfono de contacto.</p>
        ) : null}
      </section>
    </main>
  );
}
