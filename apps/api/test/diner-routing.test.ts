import { describe, expect, it } from 'vitest';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Routing and input validation of the diner API on an empty database: every
// path lands on the route meant for it (the 404 message says which one
// answered), malformed input is a 400 naming the parameter, and nothing is a 500.
describe.each(testDatabaseKinds())('diner routing on %s', (kind) => {
  const ctx = useTestApp(kind);

  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };

  it.each([
    ['/api/diner/nadie', "No existe el alias 'nadie'"],
    // Aliases named like the static segments still reach the alias route.
    ['/api/diner/companies', "No existe el alias 'companies'"],
    ['/api/diner/menu', "No existe el alias 'menu'"],
    ['/api/diner/file', "No existe el alias 'file'"],
    ['/api/diner/branchordermodes', "No existe el alias 'branchordermodes'"],
    ['/api/diner/branchcontacts', "No existe el alias 'branchcontacts'"],
    ['/api/diner/companies/7', 'No existe la empresa 7'],
    ['/api/diner/companies/fuego/branches', "No existe la empresa 'fuego'"],
    // An alias named 'companies' on the branches route.
    ['/api/diner/companies/companies/branches', "No existe la empresa 'companies'"],
    ['/api/diner/menu/fuego/hash', "No existe el alias 'fuego'"],
    ['/api/diner/fuego-palermo/menu/3?orderModeId=1', "No existe el local 'fuego-palermo'"],
    // A branch contact whose alias is 'menu' is not shadowed by /menu/{alias}/hash.
    ['/api/diner/menu/menu/3?orderModeId=1', "No existe el local 'menu'"],
    ['/api/diner/companies/menu/3?orderModeId=1', "No existe el local 'companies'"],
    ['/api/diner/5/discounts', 'No existe la marca 5'],
    ['/api/diner/branchordermodes/5', 'No existe la marca 5'],
    ['/api/diner/branchcontacts/5', 'No existe el local 5'],
    ['/api/diner/file/5/url?type=LOGO', 'No existe el logo de la marca 5'],
    ['/api/diner/file/5/url?type=PLATE', 'No existe la imagen del plato 5'],
    ['/api/country/ZZ', "No existe el país 'ZZ'"],
    ['/api/menucustomization/5', 'No existe la marca 5'],
    ['/api/ordermode/schedule/5', 'No existe el modo de pedido 5'],
    ['/api/ordermodes/5/generaldiscounts', 'No existe el modo de pedido 5'],
    ['/api/ordermodes/5/generalsurcharges', 'No existe el modo de pedido 5'],
    ['/api/ordermodes/5/fees', 'No existe el modo de pedido 5'],
    // Strings that cannot be aliases never reach the database.
    ['/api/diner/%E2%82%AC', "No existe el alias '€'"],
  ])('GET %s → 404 "%s"', async (url, message) => {
    const { status, body } = await get(url);
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Not Found', message });
  });

  it.each([
    ['/api/diner/companies/abc', 'params.companyId'],
    ['/api/diner/companies/0', 'params.companyId'],
    ['/api/diner/companies/99999999999', 'params.companyId'],
    ['/api/diner/branchordermodes/-1', 'params.branchId'],
    ['/api/diner/branchordermodes/1.5', 'params.branchId'],
    ['/api/diner/0/discounts', 'params.branchId'],
    ['/api/diner/branchcontacts/x', 'params.id'],
    ['/api/diner/file/x/url?type=LOGO', 'params.id'],
    ['/api/diner/file/1/url', 'querystring.type'],
    ['/api/diner/file/1/url?type=AVATAR', 'querystring.type'],
    ['/api/diner/fuego-palermo/menu/abc?orderModeId=1', 'params.branchContactId'],
    ['/api/diner/fuego-palermo/menu/3?orderModeId=x', 'querystring.orderModeId'],
    ['/api/diner/menu/fuego/hash?orderModeId=0', 'querystring.orderModeId[0]'],
    ['/api/diner/companies/fuego/branches?pageSize=0', 'querystring.pageSize'],
    ['/api/diner/companies/fuego/branches?pageSize=1000', 'querystring.pageSize'],
    ['/api/diner/companies/fuego/branches?offset=-1', 'querystring.offset'],
    ['/api/country/ARG', 'params.code'],
    ['/api/menucustomization/abc', 'params.branchId'],
    ['/api/ordermode/schedule/abc', 'params.orderModeId'],
    ['/api/ordermodes/abc/fees', 'params.id'],
    // A NUL byte cannot be stored nor looked up: the input guard refuses it on every route.
    ['/api/diner/%00', 'params.alias'],
    ['/api/diner/a%00b/menu/1?orderModeId=1', 'params.branchContactAlias'],
    ['/api/diner/companies/%00/branches', 'params.alias'],
    ['/api/diner/menu/%00/hash', 'params.alias'],
  ])('GET %s → 400 naming %s', async (url, field) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'Bad Request' });
    expect(Object.keys(body.fields as object)).toContain(field);
    expect(body.message).toContain(field);
  });

  it('rejects an overlong alias with a 400, not a 500', async () => {
    const { status, body } = await get(`/api/diner/${'a'.repeat(150)}`);
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty(['params.alias']);
  });

  it('documents the diner routes in the OpenAPI document', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/diner/{alias}',
        '/api/diner/file/{id}/url',
        '/api/diner/menu/{alias}/hash',
        '/api/diner/{branchContactAlias}/menu/{branchContactId}',
        '/api/diner/{branchId}/discounts',
        '/api/diner/branchordermodes/{branchId}',
        '/api/diner/companies/{companyId}',
        '/api/diner/companies/{alias}/branches',
        '/api/diner/branchcontacts/{id}',
        '/api/country/{code}',
        '/api/menucustomization/{branchId}',
        '/api/ordermode/schedule/{orderModeId}',
        '/api/ordermodes/{id}/generaldiscounts',
        '/api/ordermodes/{id}/generalsurcharges',
        '/api/ordermodes/{id}/fees',
      ]),
    );
  });
});
