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

  test("the 404 page shows its message query ('Acceso denegado o link expirado'), with a real 404", async ({
    page,
  }) => {
    const response = await page.goto('/pagina-inexistente?message=Acceso%20denegado%20o%20link%20expirado');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText('Acceso denegado o link expirado');
    // Without a message, its own; a page the app has is a 200.
    expect((await page.goto('/menu/brasa/otra/cosa/mas/larga'))?.status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText('La página que buscas no existe.');
    expect((await page.goto('/menu/brasa'))?.status()).toBe(200);
    // An unknown API path answers JSON.
    const api = await page.request.get('/api/no-existe');
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not Found', message: 'No existe la ruta GET /api/no-existe' });
  });
});
