/**
 * Our page that sends the browser to a redirect provider: a form that POSTs
 * `token_ws` to the provider's URL, submitted by a static script (no inline
 * script: the CSP stays `script-src 'self'`). The page's own CSP allows that
 * one form target and nothing else.
 */

/** Escapes text for HTML content and attribute values. */
export function htmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The CSP of the redirect page: our script, and a form posting to `target` only. */
export function redirectPageCsp(target: string): string {
  const origin = new URL(target).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `form-action 'self' ${origin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** The auto-submitting page (with a button for browsers without scripts). */
export function redirectPage(target: { url: string; token: string }): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Redirigiendo al pago…</title>
</head>
<body>
<form id="redirect-form" method="post" action="${htmlEscape(target.url)}">
<input type="hidden" name="token_ws" value="${htmlEscape(target.token)}">
<p>Te estamos llevando a la página de pago…</p>
<button type="submit">Continuar al pago</button>
</form>
<script src="/api/payments/assets/redirect.js"></script>
</body>
</html>
`;
}

/** Submits the redirect form as soon as the page loads. */
export const REDIRECT_JS = `document.getElementById('redirect-form').submit();\n`;
