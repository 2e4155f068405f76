/**
 * The 'Modo de prueba' mark: while the sandbox pays (test cards, no money), every
 * page of the web app — storefront and console alike — says so. It is added by
 * the server to the index.html it serves (plugins/external/web-app.ts), outside
 * the React root: no script, nothing on the storefront's JS budget, and it is
 * there before the app has loaded or when it fails to.
 *
 * A slim strip in the page's flow above the app: it pushes the page down
 * instead of covering it, so no content or control is ever under it (the app's
 * fixed bars sit at the bottom; its sticky header takes over the top once the
 * page scrolls). It clears the notch (`safe-area-inset-top`) and keeps the same
 * contrast in light and dark themes.
 */
import type { PaymentsConfig } from './config';

/** The mark's text (COPY: Spanish, as diners and staff read it). */
export const TEST_MODE_MARK_TEXT = 'Modo de prueba';

const STYLE =
  '<style>.test-mode-mark{box-sizing:border-box;margin:0;' +
  'padding:max(2px,env(safe-area-inset-top)) max(12px,env(safe-area-inset-right)) 2px max(12px,env(safe-area-inset-left));' +
  'background:#ffd23f;color:#1f1a00;border-bottom:1px solid #8a6d00;' +
  'font:600 12px/18px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;letter-spacing:.02em;text-align:center}' +
  ':root[data-theme="dark"] .test-mode-mark{background:#4a3b00;color:#ffe27a;border-bottom-color:#ffd23f}' +
  '@media print{.test-mode-mark{display:none}}</style>';

const MARK = `<div class="test-mode-mark" role="note">${TEST_MODE_MARK_TEXT}</div>`;

/** index.html with the mark when the sandbox pays; unchanged in live mode. */
export function testModeMarkApply(html: Buffer, payments: Pick<PaymentsConfig, 'provider'>): Buffer {
  if (payments.provider !== 'sandbox') return html;
  const text = html.toString('utf8');
  const body = /<body[^>]*>/i.exec(text);
  const head = text.search(/<\/head>/i);
  if (body && head >= 0) {
    const afterBody = body.index + body[0].length;
    return Buffer.from(
      text.slice(0, head) + STYLE + text.slice(head, afterBody) + MARK + text.slice(afterBody),
      'utf8',
    );
  }
  // <head> and <body> are optional in HTML: without them, the mark goes right before the app's root.
  const root = text.search(/<div id="root"/i);
  const at = root >= 0 ? root : text.length;
  return Buffer.from(text.slice(0, at) + STYLE + MARK + text.slice(at), 'utf8');
}
