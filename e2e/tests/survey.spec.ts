import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { screenshotsBothSchemes } from '../support/screenshots';
import { ALIAS, orderMove, orderPlace, staffToken } from './follow-up-helpers';

/**
 * The order survey (follow-up §2.3, §4.8, §5; issue 12; ADR 031) against the
 * real server: Brasa Caballito's survey (the demo tenant's: a mandatory,
 * priority general rating with '¿Qué podemos mejorar?' under 5, a second
 * rating, a comment). A take-away order placed through the API is moved to
 * delivered by the staff through the console's API; the follow-up then offers
 * the survey, which is answered once — a second attempt is refused.
 */

const GENERAL = '¿Cómo calificarías tu pedido?';

const question = (page: Page, title: string) => page.locator('fieldset').filter({ hasText: title }).first();

test('a delivered order is rated once from the follow-up: reasons under 5, mandatory message, a second attempt refused', async ({
  page,
  request,
}) => {
  // Three rounds of screenshots (12 full pages, 6 axe checks) on a shared 2-core machine.
  test.setTimeout(120_000);
  const order = await orderPlace(request, 'CASH');
  const surveyUrl = `/encuesta/${ALIAS}/${order.code}`;
  const token = await staffToken(request);
  await orderMove(request, token, order.id, 'ACCEPTED');

  // Not delivered yet: no offer on the follow-up, and the survey page says why.
  await page.goto(`/menu/${ALIAS}/order/${order.code}`);
  await expect(page.getByRole('heading', { name: `Pedido ${order.code}` })).toBeVisible();
  await expect(page.locator('.follow-up[data-live="true"]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Calificar pedido' })).toHaveCount(0);
  const early = await page.context().newPage();
  await early.goto(surveyUrl);
  await expect(early.getByTestId('survey-not-delivered')).toContainText(
    'Podrás calificar tu pedido cuando te lo hayan entregado',
  );
  await early.close();

  // The staff marks it delivered: the open follow-up hears it and offers the survey.
  await orderMove(request, token, order.id, 'READY');
  await orderMove(request, token, order.id, 'DELIVERED');
  const offer = page.getByRole('link', { name: 'Calificar pedido' });
  await expect(offer).toBeVisible();
  await expect(offer).toHaveAttribute('href', surveyUrl);
  await screenshotsBothSchemes(page, 'follow-up-survey-offer');

  // A second tab opened on the survey now, answered after the first one (the second attempt).
  const other = await page.context().newPage();
  await other.goto(surveyUrl);
  await expect(other.getByRole('heading', { name: 'Califica tu pedido' })).toBeVisible();

  await offer.click();
  await expect(page).toHaveURL(new RegExp(`${surveyUrl}$`));
  await expect(page.getByRole('heading', { name: 'Califica tu pedido' })).toBeVisible();
  await expect(page.locator('.survey-question__title')).toHaveText([
    GENERAL,
    '¿Nos recomendarías a un amigo?',
    '¿Quieres contarnos algo más?',
  ]);

  // The mandatory general rating skipped: its message, on the question and as a toast; nothing sent.
  await question(page, '¿Nos recomendarías a un amigo?').getByRole('radio', { name: '4 de 5' }).check();
  await page.getByRole('button', { name: 'Enviar' }).click();
  const mandatory = `La pregunta ${GENERAL} es obligatoria`;
  await expect(question(page, GENERAL).getByRole('alert')).toHaveText(mandatory);
  await expect(page.locator('.toast')).toHaveText(mandatory);
  expect((await (await request.get(`/api/survey/order/${order.code}`)).json()).orderHasResponse).toBe(false);

  // A low rating reveals the reasons (a priority question waits for them); the comment counts its characters.
  await question(page, GENERAL).getByRole('radio', { name: '2 de 5' }).check();
  await expect(question(page, GENERAL).getByRole('alert')).toHaveCount(0);
  const reasons = question(page, '¿Qué podemos mejorar?');
  await expect(reasons).toBeVisible();
  await reasons.getByRole('checkbox', { name: 'Demora' }).check();
  await reasons.getByRole('checkbox', { name: 'Temperatura' }).check();
  const comment = page.getByRole('textbox', { name: '¿Quieres contarnos algo más?' });
  const words = 'La carne llegó tibia y tardó 20 minutos más de lo indicado.';
  await comment.fill(words);
  await expect(page.getByTestId('survey-text-counter')).toHaveText(`${words.length}/180`);
  await screenshotsBothSchemes(page, 'survey');

  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByTestId('survey-thanks')).toContainText('¡Gracias por tu opinión!');
  await expect(page.getByTestId('survey-thanks')).toContainText('Tu calificación: 2 de 5');
  await screenshotsBothSchemes(page, 'survey-thanks');
  expect((await (await request.get(`/api/survey/order/${order.code}`)).json()).generalNPSAnswer).toBe(2);

  // The other tab's attempt: a 5 on the priority question sends at once, and the server refuses it.
  // A click, not check(): the form is replaced by the answer before a check could see the radio checked.
  await question(other, GENERAL).getByRole('radio', { name: '5 de 5' }).click();
  await expect(other.getByTestId('survey-refused')).toContainText(
    'Ya respondiste la encuesta de este pedido. ¡Gracias!',
  );
  await other.close();

  // Opened again: already rated; the follow-up thanks instead of offering.
  await page.goto(surveyUrl);
  await expect(page.getByTestId('survey-answered')).toContainText('Tu calificación: 2 de 5');
  await page.goto(`/menu/${ALIAS}/order/${order.code}`);
  await expect(page.getByTestId('survey-done')).toHaveText('Calificaste este pedido con 2 de 5. ¡Gracias!');
  await expect(page.getByRole('link', { name: 'Calificar pedido' })).toHaveCount(0);
});

test('?surveyGeneralNPSAnswer= pre-fills the general rating, and a text over 180 characters turns red', async ({
  page,
  request,
}) => {
  const order = await orderPlace(request, 'CASH');
  const token = await staffToken(request);
  for (const status of ['ACCEPTED', 'READY', 'DELIVERED'] as const)
    await orderMove(request, token, order.id, status);
  await page.goto(`/encuesta/${ALIAS}/${order.code}?surveyGeneralNPSAnswer=3`);
  await expect(question(page, GENERAL).getByRole('radio', { name: '3 de 5' })).toBeChecked();
  await expect(question(page, '¿Qué podemos mejorar?')).toBeVisible();
  const comment = page.getByRole('textbox', { name: '¿Quieres contarnos algo más?' });
  await comment.fill('x'.repeat(181));
  await expect(page.getByTestId('survey-text-counter')).toHaveText('181/180 · Máximo 180 caracteres');
  await expect(comment).toHaveAttribute('aria-invalid', 'true');
  await expect(comment).toHaveCSS('border-top-color', 'rgb(198, 40, 40)');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('.toast')).toHaveText('La respuesta puede tener hasta 180 caracteres');
  expect((await (await request.get(`/api/survey/order/${order.code}`)).json()).orderHasResponse).toBe(false);
});
