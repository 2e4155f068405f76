import { describe, expect, it } from 'vitest';
import {
  messagingErrorRawNoPhone,
  messagingErrorRawRefused,
  messagingErrorRawUnreachable,
  messagingErrorText,
  OUTBOX_DAILY_CAP_ERROR,
} from '../src/messaging/messaging-error-text';

// The console's 'Mensajes' reads a sentence for every raw error the sender stores (ADR 049).
describe('message-sending errors as the venue reads them', () => {
  const refused = (status: number, code?: number) => messagingErrorRawRefused(status, code, 'detail');

  it('names the WhatsApp Cloud API refusals a venue can act on', () => {
    expect(messagingErrorText(refused(400, 131026), 'FAILED')).toMatch(
      /^WhatsApp no lo entregó: el número no tiene WhatsApp/,
    );
    expect(messagingErrorText(refused(400, 131030), 'FAILED')).toMatch(/modo de prueba/);
    expect(messagingErrorText(refused(401, 190), 'FAILED')).toMatch(/clave de acceso venció/);
    expect(messagingErrorText(refused(403, 200), 'FAILED')).toMatch(/clave de acceso venció/);
    expect(messagingErrorText(refused(400, 131031), 'FAILED')).toMatch(/administrador de WhatsApp de Meta/);
    expect(messagingErrorText(refused(400, 131021), 'FAILED')).toMatch(/mismo número/);
    expect(messagingErrorText(messagingErrorRawNoPhone(7), 'FAILED')).toBe(
      'El pedido no tiene un teléfono al que enviar el mensaje.',
    );
  });

  it('says whether a passing trouble will be tried again', () => {
    expect(messagingErrorText(refused(503), 'PENDING')).toBe(
      'WhatsApp tuvo una falla en su servicio. Se volverá a intentar automáticamente.',
    );
    expect(messagingErrorText(refused(500, 131000), 'FAILED')).toBe(
      'WhatsApp tuvo una falla en su servicio. No se volverá a intentar: si el aviso es importante, llame al cliente.',
    );
    expect(messagingErrorText(messagingErrorRawUnreachable('fetch failed'), 'PENDING')).toBe(
      'No se pudo conectar con WhatsApp. Se volverá a intentar automáticamente.',
    );
    expect(messagingErrorText(refused(400, 4), 'PENDING')).toMatch(/^WhatsApp está limitando/);
  });

  it('never shows the raw text of an unknown refusal or of an internal error', () => {
    const unknown = messagingErrorText(refused(400, 100), 'FAILED');
    expect(unknown).toBe(
      'WhatsApp rechazó el mensaje. Si se repite, avise a quien administra la cuenta de WhatsApp.',
    );
    const internal = messagingErrorText('connection terminated unexpectedly', 'PENDING');
    expect(internal).toBe(
      'No se pudo enviar por un error del sistema. Se volverá a intentar automáticamente.',
    );
    expect(internal).not.toMatch(/connection/);
  });

  it('keeps the daily-cap sentence, already written for the venue', () => {
    expect(messagingErrorText(OUTBOX_DAILY_CAP_ERROR, 'FAILED')).toBe(OUTBOX_DAILY_CAP_ERROR);
  });
});
