import { phoneWhatsAppDigits } from '@comanda/domain/whatsapp-number';
import { IconChat, IconFacebook, IconInstagram, IconPhone, IconShare } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { supportChatOpen } from '../../../lib/support-chat-open';
import type { ApiBranch } from '../../../types/api';

function profileUrl(value: string | null, host: string): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) return text;
  return `https://${host}/${text.replace(/^@/, '')}`;
}

/**
 * The venue's chat: a bare wa.me link. (The domain's `venueWhatsAppLink` also
 * builds order texts; its module carries the venue's message templates, which
 * the menu's first load does not need.)
 */
function chatUrl(phone: string): string {
  return `https://wa.me/${phoneWhatsAppDigits(phone)}`;
}

/** The header's social icons: instagram, facebook, phone, chat and share (ordering §2). */
export function SocialLinks({
  name,
  social,
  callPhone,
  whatsAppPhone,
  supportChat,
}: {
  name: string;
  social: { instagram: string | null; facebook: string | null };
  callPhone: string | null;
  whatsAppPhone: string | null;
  /** The brand's support chat (ADR 040): the chat icon opens it instead of WhatsApp. */
  supportChat?: ApiBranch['supportChat'];
}) {
  const toast = useToast();
  const instagram = profileUrl(social.instagram, 'instagram.com');
  const facebook = profileUrl(social.facebook, 'facebook.com');

  const share = async () => {
    const url = window.location.href.split('#')[0] ?? window.location.href;
    try {
      if (navigator.share) await navigator.share({ title: name, url });
      else {
        await navigator.clipboard.writeText(url);
        toast('Enlace copiado');
      }
    } catch {
      // The diner closed the share sheet: nothing to report.
    }
  };

  return (
    <ul className="social" aria-label="Contacto y redes">
      {instagram ? (
        <li>
          <a
            className="icon-button"
            href={instagram}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Instagram"
          >
            <IconInstagram />
          </a>
        </li>
      ) : null}
      {facebook ? (
        <li>
          <a
            className="icon-button"
            href={facebook}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Facebook"
          >
            <IconFacebook />
          </a>
        </li>
      ) : null}
      {callPhone ? (
        <li>
          <a className="icon-button" href={`tel:${callPhone}`} aria-label={`Llamar al ${callPhone}`}>
            <IconPhone />
          </a>
        </li>
      ) : null}
      {supportChat ? (
        <li>
          <button
            type="button"
            className="icon-button"
            aria-label="Abrir el chat de ayuda"
            onClick={() => supportChatOpen(supportChat, toast)}
          >
            <IconChat />
          </button>
        </li>
      ) : whatsAppPhone ? (
        <li>
          <a
            className="icon-button"
            href={chatUrl(whatsAppPhone)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Escribir por WhatsApp"
          >
            <IconChat />
          </a>
        </li>
      ) : null}
      <li>
        <button type="button" className="icon-button" aria-label="Compartir" onClick={() => void share()}>
          <IconShare />
        </button>
      </li>
    </ul>
  );
}
