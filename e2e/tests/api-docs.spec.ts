import { expect, test } from '../support/fixtures';

test.describe('/docs: the API reference under its own content-security policy', () => {
  test('renders the operations with no policy violation, and the policy allows no inline code', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text());
    });
    // The document's own report of every blocked script, style or attribute.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { cspViolations: string[] }).cspViolations ??= [];
        (window as unknown as { cspViolations: string[] }).cspViolations.push(
          `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
        );
      });
    });
    const answer = await page.goto('/docs');
    const policy = answer?.headers()['content-security-policy'] ?? '';
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: /Comanda API/ })).toBeVisible();
    // An operation opens, as a reader of the reference would.
    await page.locator('.opblock-summary').first().click();
    await expect(page.locator('.opblock-body').first()).toBeVisible();
    await page.waitForTimeout(500);
    const reported = await page.evaluate(
      () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
    );
    expect([...violations, ...reported]).toEqual([]);
  });
});
