/**
 * The sandbox's hosted pages (Spanish, like the storefront): the checkout of a
 * payment link and the Webpay-style card form. Plain HTML plus one static
 * script and one stylesheet served by the API (`/api/sandbox/assets/…`):
 * nothing inline, so the strict CSP holds. The page's data travels in
 * `data-*` attributes; the script tokenizes the card with the sandbox's
 * endpoint and pays with the token, as a provider's SDK would.
 */
import { htmlEscape } from '../pages';

/** What a card page shows and where its script posts. */
export interface SandboxCardPage {
  mode: 'link' | 'webpay';
  title: string;
  amount: number;
  currency: string;
  payUrl: string;
  abortUrl?: string;
}

function amountText(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('es', { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount}`;
  }
}

function layout(title: string, body: string, withScript: boolean): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${htmlEscape(title)}</title>
<link rel="stylesheet" href="/api/sandbox/assets/checkout.css">
</head>
<body>
${body}
${withScript ? '<script src="/api/sandbox/assets/checkout.js"></script>' : ''}
</body>
</html>
`;
}

/** A page with a message only (a link already paid or expired, an unknown transaction). */
export function sandboxMessagePage(title: string, text: string): string {
  return layout(
    title,
    `<main class="card"><p class="badge">Entorno de pruebas</p><h1>${htmlEscape(title)}</h1><p>${htmlEscape(text)}</p></main>`,
    false,
  );
}

/** The card form of a link or of a Webpay-style transaction. */
export function sandboxCardPage(page: SandboxCardPage): string {
  const heading = page.mode === 'link' ? 'Pagar pedido' : 'Webpay de prueba';
  const abort =
    page.mode === 'webpay' ? '<button type="button" id="abort" class="secondary">Anular compra</button>' : '';
  return layout(
    `${heading} · Sandbox`,
    `<main class="card" id="sandbox-checkout" data-mode="${page.mode}" data-token-url="/api/sandbox/card_tokens"
  data-pay-url="${htmlEscape(page.payUrl)}"${page.abortUrl ? ` data-abort-url="${htmlEscape(page.abortUrl)}"` : ''}>
<p class="badge">Entorno de pruebas</p>
<h1>${heading}</h1>
<p class="desc">${htmlEscape(page.title)}</p>
<p class="amount">${htmlEscape(amountText(page.amount, page.currency))}</p>
<form id="card-form" novalidate>
<label>Número de tarjeta<input name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4509 9535 6623 3704"></label>
<small class="error" data-for="cardNumber"></small>
<label>Nombre como figura en la tarjeta<input name="cardholderName" autocomplete="cc-name"></label>
<small class="error" data-for="cardholderName"></small>
<div class="row">
<label>Vencimiento<input name="cardExpiry" placeholder="MM/AA" autocomplete="cc-exp"></label>
<label>Código de seguridad<input name="securityCode" inputmode="numeric" autocomplete="cc-csc" placeholder="123"></label>
</div>
<small class="error" data-for="cardExpiry"></small>
<small class="error" data-for="securityCode"></small>
<label>DNI del titular<input name="identificationNumber" inputmode="numeric"></label>
<button type="submit" id="pay">Pagar</button>
${abort}
</form>
<p id="status" role="status" aria-live="polite"></p>
<details class="help"><summary>Tarjetas de prueba</summary>
<ul>
<li><code>4509 9535 6623 3704</code>: aprueba</li>
<li><code>4000 0000 0000 0002</code>: rechaza</li>
<li><code>4000 0000 0000 0036</code>: queda pendiente y luego aprueba</li>
</ul>
<p>Cualquier vencimiento futuro y un código de 3 o 4 dígitos.</p>
</details>
</main>`,
    true,
  );
}

/** The pages' script: tokenize, pay with the token, follow the answer's redirect. */
export const SANDBOX_CHECKOUT_JS = `(function () {
  'use strict';
  var root = document.getElementById('sandbox-checkout');
  var form = document.getElementById('card-form');
  if (!root || !form) return;
  var status = document.getElementById('status');
  var pay = document.getElementById('pay');
  var abort = document.getElementById('abort');

  function show(text, kind) {
    status.textContent = text || '';
    status.className = kind || '';
  }
  function busy(on) {
    pay.disabled = on;
    if (abort) abort.disabled = on;
  }
  function fieldErrors(fields) {
    var all = form.querySelectorAll('.error');
    for (var i = 0; i < all.length; i++) all[i].textContent = '';
    Object.keys(fields || {}).forEach(function (name) {
      var slot = form.querySelector('[data-for="' + name + '"]');
      if (slot) slot.textContent = fields[name];
    });
  }
  function post(url, body) {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body || {}),
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        return { ok: response.ok, data: data };
      });
    });
  }
  function fail(text) {
    show(text || 'El pago no pudo ser procesado.', 'error');
    busy(false);
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    busy(true);
    fieldErrors({});
    show('Procesando…');
    var value = function (name) { return (form.elements[name].value || '').trim(); };
    post(root.dataset.tokenUrl, {
      cardNumber: value('cardNumber'),
      cardholderName: value('cardholderName'),
      cardExpiry: value('cardExpiry'),
      securityCode: value('securityCode'),
      identificationType: 'DNI',
      identificationNumber: value('identificationNumber'),
    }).then(function (token) {
      if (!token.ok) {
        fieldErrors(token.data.fields);
        return fail(token.data.message || 'Debe completar correctamente los campos de su tarjeta');
      }
      return post(root.dataset.payUrl, { token: token.data.id }).then(function (paid) {
        if (!paid.ok) return fail(paid.data.message);
        show(root.dataset.mode === 'link' ? 'Pago enviado. Te llevamos a tu pedido…' : 'Volviendo al comercio…', 'ok');
        setTimeout(function () { window.location.assign(paid.data.redirectUrl); }, root.dataset.mode === 'link' ? 1200 : 300);
      });
    }).catch(function () { fail('No pudimos comunicarnos con el servidor. Intente nuevamente.'); });
  });

  if (abort) {
    abort.addEventListener('click', function () {
      busy(true);
      post(root.dataset.abortUrl, {}).then(function (answer) {
        if (!answer.ok) return fail(answer.data.message);
        window.location.assign(answer.data.redirectUrl);
      }).catch(function () { fail('No pudimos comunicarnos con el servidor. Intente nuevamente.'); });
    });
  }
})();
`;

/** The pages' stylesheet. */
export const SANDBOX_CHECKOUT_CSS = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;background:#f5f5f5;color:#1c1c1c;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:24px 12px}
.card{width:100%;max-width:420px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:24px}
.badge{display:inline-block;margin:0 0 8px;padding:2px 8px;border-radius:999px;background:#fff3e0;color:#b35c00;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em}
h1{margin:0 0 4px;font-size:22px}
.desc{margin:0;color:#555}
.amount{margin:8px 0 16px;font-size:28px;font-weight:700}
label{display:block;margin-top:12px;font-size:14px;font-weight:600}
input{display:block;width:100%;margin-top:4px;padding:10px 12px;border:1px solid #ccc;border-radius:8px;font:inherit}
input:focus{outline:2px solid #f78700;border-color:#f78700}
.row{display:flex;gap:12px}
.row label{flex:1}
.error{display:block;min-height:0;color:#c62828;font-size:13px}
button{display:block;width:100%;margin-top:16px;padding:12px;border:0;border-radius:8px;background:#f78700;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button.secondary{background:transparent;color:#1c1c1c;border:1px solid #ccc}
button:disabled{opacity:.6;cursor:progress}
#status{min-height:1.4em;margin:12px 0 0}
#status.error{color:#c62828}
#status.ok{color:#2e7d32}
.help{margin-top:16px;font-size:14px;color:#555}
code{background:#f5f5f5;padding:1px 4px;border-radius:4px}
`;
