import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Signing in as a diner from the storefront's account menu, as
 * tests/account-sign-in.spec.ts does step by step: the e2e server answers the
 * one-time code in the modal ('Código de prueba', CUSTOMER_CODE_IN_ANSWER).
 */
export async function dinerSignIn(page: Page, phone: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('dialog', { name: 'Mi cuenta' });
  await menu.getByRole('button', { name: 'Iniciar sesión' }).click();
  const modal = page.getByRole('dialog', { name: 'Iniciar sesión' });
  await modal.getByLabel('Teléfono', { exact: true }).fill(phone);
  await modal.getByRole('button', { name: 'Recibir código' }).click();
  const line = modal.getByText('Código de prueba:');
  await expect(line).toBeVisible();
  const code = (await line.locator('strong').textContent())?.trim() ?? '';
  await modal.getByLabel('Código', { exact: true }).fill(code);
  await modal.getByRole('button', { name: 'Ingresar' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Inicio de sesión con éxito')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}
