import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Signing in as a demo diner through the account menu (ADR 018): the e2e
 * server answers the one-time code (CUSTOMER_CODE_IN_ANSWER), which the modal
 * shows as 'Código de prueba'. Returns the open account menu.
 */
export async function dinerSignIn(page: Page, typedPhone: string, name: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('dialog', { name: 'Mi cuenta' });
  await menu.getByRole('button', { name: 'Iniciar sesión' }).click();
  const modal = page.getByRole('dialog', { name: 'Iniciar sesión' });
  await modal.getByLabel('Teléfono', { exact: true }).fill(typedPhone);
  await modal.getByRole('button', { name: 'Recibir código' }).click();
  const line = modal.getByText('Código de prueba:');
  await expect(line).toBeVisible();
  const code = (await line.locator('strong').textContent())?.trim() ?? '';
  await modal.getByLabel('Código', { exact: true }).fill(code);
  await modal.getByRole('button', { name: 'Ingresar' }).click();
  await expect(menu.getByText(`Hola, ${name}`)).toBeVisible();
  return menu;
}
