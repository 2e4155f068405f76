import { branchMessages } from '@comanda/domain/messages';
import { IconClose } from '../../../components/ui/icons-actions';
import {
  installPromptAccept,
  installPromptDismiss,
  useInstallPromptAvailable,
} from '../../../stores/install-prompt-store';

/** '¡La próxima puedes hacer tu pedido desde nuestra App!' with 'Instalar', when the browser offers it. */
export function InstallPrompt() {
  const available = useInstallPromptAvailable();
  if (!available) return null;
  return (
    <aside className="install-prompt" aria-label="Instalar la aplicación">
      <p className="install-prompt__text">{branchMessages.installPrompt}</p>
      <button type="button" className="button button--small" onClick={() => void installPromptAccept()}>
        {branchMessages.install}
      </button>
      <button type="button" className="icon-button" aria-label="Ahora no" onClick={installPromptDismiss}>
        <IconClose size={18} />
      </button>
    </aside>
  );
}
