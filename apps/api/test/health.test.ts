import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestApp } from './support/test-app';

describe.each(testDatabaseKinds())('platform on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('answers health with the database kind', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: kind });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not Found' });
  });

  it('sends security headers with a content security policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'SAMEORIGIN',
    });
    // Plain http (the tests' PUBLIC_URL): no HSTS, which would pin a host to https.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("lets the venues' marketing tags load by host, and no inline script", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const scriptSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc).toContain('https://connect.facebook.net');
    expect(scriptSrc).toContain('https://www.googletagmanager.com');
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('serves /docs under its own policy: no inline code but the logo style Swagger UI writes, by hash', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).not.toContain('unsafe-inline');
    const styleSrc = policy.split(';').find((directive) => directive.startsWith('style-src'));
    // The standalone preset's top-bar logo (an SVG with a <style>), the one inline style the page writes.
    const logoStyle = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';
    expect(styleSrc).toBe(
      `style-src 'self' 'sha256-${createHash('sha256').update(logoStyle).digest('base64')}'`,
    );
    // Its scripts and the spec it reads answer under the same policy.
    const script = await ctx.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(script.headers['content-security-policy']).toBe(policy);
  });
});
