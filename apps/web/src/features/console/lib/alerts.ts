/**
 * The console's new-order cues: a short beep through Web Audio (no sound file
 * to download) and a browser notification when the staff allowed them. Each
 * beep counts on <body data-console-beeps>, an observable attribute the
 * end-to-end test reads (an autoplay policy may keep a beep silent; the count
 * says the cue was given).
 */
let audio: AudioContext | null = null;

/**
 * Creates (or resumes) the audio context; call it on a user gesture so later
 * beeps may sound. Answers whether sound is on afterwards.
 */
export async function consoleAudioUnlock(): Promise<boolean> {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') await audio.resume();
    return audio.state === 'running';
  } catch {
    audio = null;
    return false;
  }
}

/**
 * Whether a beep would be heard now. Browsers keep audio suspended until the
 * page gets a gesture: after a reload the session is back but the sound is not.
 */
export function consoleAudioReady(): boolean {
  try {
    audio ??= new AudioContext();
    return audio.state === 'running';
  } catch {
    return false;
  }
}

/** Two short tones (880 Hz then 1320 Hz). */
export function consoleBeep(): void {
  const body = document.body;
  body.dataset.consoleBeeps = String(Number(body.dataset.consoleBeeps ?? '0') + 1);
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [index, frequency] of [880, 1320].entries()) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      const at = start + index * 0.18;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.17);
    }
  } catch {
    // No Web Audio: the visual cue remains.
  }
}

/** Whether notifications can be asked for in this browser. */
export function consoleNotificationsSupported(): boolean {
  return typeof Notification !== 'undefined';
}

/** Asks for permission (must run on a user gesture). */
export async function consoleNotificationsAsk(): Promise<NotificationPermission> {
  if (!consoleNotificationsSupported()) return 'denied';
  return Notification.requestPermission();
}

/** Shows a notification for a new order when permitted. */
export function consoleNotify(title: string, body: string): void {
  if (!consoleNotificationsSupported() || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body, tag: `console-${title}` });
  } catch {
    // Some browsers only allow notifications from a service worker.
  }
}
