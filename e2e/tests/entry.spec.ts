import { expect, test } from '../support/fixtures';

test.describe('entry by alias', () => {
  test('a company alias shows the company name from the API', async ({ page }) => {
    await page.goto('/menu/brasa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brasa Cocina Argentina');
  });

  test('an unknown alias shows the error screen, never a blank page', async ({ page }) => {
    await page.goto('/menu/no-existe-este-local');
    await expect(page.getByRole('alert')).toContainText('Local no encontrado');
  });

  test("the 404 page shows its message query ('Acceso denegado o link expirado')", async ({ page }) => {
    await page.goto('/pagina-inexistente?message=Acceso%20denegado%20o%20link%20expirado');
    await expect(page.getByRole('alert')).toContainText('Acceso denegado o link expirado');
  });
});
