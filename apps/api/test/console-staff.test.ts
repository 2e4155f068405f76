/**
 * The OWNER manages the staff from the console (issue 19, ADR 056): invite by
 * a one-time link, reset, change, remove; the public link sets a password
 * exactly once. Permissions for every endpoint, across companies; history
 * rows; the tenant export still round-trips.
 */
import { describe, expect, it } from 'vitest';
import { tenantExport } from '../src/tenant/tenant-export';
import { tenantImport } from '../src/tenant/tenant-import';
import { CHISPA_OWNER, FUEGO_OWNER, FUEGO_PALERMO_STAFF, staffLogin } from './support/console-fixture';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function call(
  ctx: TestContext,
  method: Method,
  url: string,
  options: { token?: string; payload?: unknown; headers?: Record<string, string>; ip?: string } = {},
) {
  const response = await ctx.app.inject({
    method,
    url,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field
  return { status: response.statusCode, body: (response.body ? response.json() : undefined) as any };
}

const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);
const login = (ctx: TestContext, email: string, password: string) =>
  call(ctx, 'POST', '/api/staff/login', { payload: { email, password } });

async function setUp(ctx: TestContext) {
  await tenantLoad(ctx, tenantExample());
  await tenantLoad(ctx, tenantExampleRenamed('chispa'));
  const owner = await staffLogin(ctx, FUEGO_OWNER);
  const list = await call(ctx, 'GET', '/api/console/staff', { token: owner });
  expect(list.status).toBe(200);
  const palermoMember = list.body.staff.find((m: { email: string }) => m.email === FUEGO_PALERMO_STAFF.email);
  const locations = await call(ctx, 'GET', '/api/console/branchcontacts', { token: owner });
  const byAlias = new Map<string, number>(
    locations.body.map((l: { alias: string; id: number }) => [l.alias, l.id]),
  );
  return { owner, palermoMember, byAlias };
}

async function invite(ctx: TestContext, owner: string, body: Record<string, unknown>) {
  const answer = await call(ctx, 'POST', '/api/console/staff', { token: owner, payload: body });
  if (answer.status !== 201) expect.fail(`invite: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { staff: { id: number; state: string }; link: { url: string; purpose: string } };
}

describe.each(testDatabaseKinds())('managing the staff on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('answers 401 without a session, 403 to STAFF, 404 for another company’s ids on every endpoint', async () => {
    const { owner, palermoMember, byAlias } = await setUp(ctx);
    const staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const chispa = await staffLogin(ctx, CHISPA_OWNER);
    const id = palermoMember.id as number;
    const body = {
      name: 'Ana',
      email: 'ana@fuego.example',
      role: 'STAFF',
      branchContactIds: [byAlias.get('fuego-palermo')],
    };
    const endpoints: [Method, string, unknown?][] = [
      ['GET', '/api/console/staff'],
      ['POST', '/api/console/staff', body],
      ['PATCH', `/api/console/staff/${id}`, { name: 'Otro' }],
      ['POST', `/api/console/staff/${id}/reset`],
      ['DELETE', `/api/console/staff/${id}`],
    ];
    for (const [method, url, payload] of endpoints) {
      expect((await call(ctx, method, url, { payload })).status, `${method} ${url} anonymous`).toBe(401);
      const refused = await call(ctx, method, url, { token: staff, payload });
      expect(refused.status, `${method} ${url} as STAFF`).toBe(403);
      expect(refused.body.message).toBe('Solo el dueño puede gestionar el equipo');
    }
    // Another company's OWNER: fuego's member ids and locations do not exist for them.
    for (const [method, url, payload] of endpoints.slice(2))
      expect(
        (await call(ctx, method, url, { token: chispa, payload })).status,
        `${method} ${url} chispa`,
      ).toBe(404);
    const foreignLocation = await call(ctx, 'POST', '/api/console/staff', { token: chispa, payload: body });
    expect(foreignLocation.status).toBe(404);
    expect(foreignLocation.body.message).toBe(`No existe el local ${byAlias.get('fuego-palermo')}`);
    // The list is the company's own.
    const chispaList = await call(ctx, 'GET', '/api/console/staff', { token: chispa });
    expect(chispaList.body.staff.map((m: { email: string }) => m.email).sort()).toEqual([
      'lucia@chispa.example',
      'palermo@chispa.example',
    ]);
    // Nothing was changed by any refused call.
    const after = await call(ctx, 'GET', '/api/console/staff', { token: owner });
    expect(after.body.staff.find((m: { id: number }) => m.id === id)).toMatchObject({
      name: 'Mostrador Palermo',
      state: 'ACTIVE',
    });
  });

  it('invites a person who sets a password through the link once, then signs in seeing their location', async () => {
    const { owner, byAlias } = await setUp(ctx);
    const belgrano = byAlias.get('fuego-belgrano')!;
    const taken = await call(ctx, 'POST', '/api/console/staff', {
      token: owner,
      payload: { name: 'Lucía', email: 'LUCIA@chispa.example', role: 'STAFF', branchContactIds: [belgrano] },
    });
    expect(taken).toMatchObject({ status: 409, body: { message: 'Ese email ya tiene una cuenta' } });
    const noLocation = await call(ctx, 'POST', '/api/console/staff', {
      token: owner,
      payload: { name: 'Ana', email: 'ana@fuego.example', role: 'STAFF', branchContactIds: [] },
    });
    expect(noLocation.status).toBe(400);
    expect(noLocation.body.fields['body.branchContactIds']).toBe('Elija al menos un local');

    const { staff, link } = await invite(ctx, owner, {
      name: 'Ana Gómez',
      email: ' Ana@Fuego.example ',
      role: 'STAFF',
      branchContactIds: [belgrano],
    });
    expect(staff).toMatchObject({
      email: 'ana@fuego.example',
      state: 'INVITED',
      pendingLink: { purpose: 'INVITE' },
    });
    expect(link.url).toMatch(/\/console\/clave#[A-Za-z0-9_-]{43}$/);
    // Invited: no password works yet.
    expect((await login(ctx, 'ana@fuego.example', '!invited')).status).toBe(401);

    const token = tokenOf(link.url);
    const read = await call(ctx, 'GET', '/api/staff/password-link', {
      headers: { authorization: `Link ${token}` },
    });
    expect(read).toMatchObject({
      status: 200,
      body: { name: 'Ana Gómez', email: 'ana@fuego.example', purpose: 'INVITE' },
    });
    const short = await call(ctx, 'POST', '/api/staff/password-link', {
      payload: { token, password: 'corta' },
    });
    expect(short.status).toBe(400);

    const set = await call(ctx, 'POST', '/api/staff/password-link', {
      payload: { token, password: 'una-clave-larga' },
    });
    expect(set.status).toBe(200);
    expect(set.body.staff).toMatchObject({
      email: 'ana@fuego.example',
      role: 'STAFF',
      branchContacts: [{ id: belgrano }],
    });
    const me = await call(ctx, 'GET', '/api/staff/me', { token: set.body.token });
    expect(me.status).toBe(200);
    expect((await login(ctx, 'ana@fuego.example', 'una-clave-larga')).status).toBe(200);
    // Reused: gone.
    const again = await call(ctx, 'POST', '/api/staff/password-link', {
      payload: { token, password: 'otra-clave-larga' },
    });
    expect(again).toMatchObject({
      status: 410,
      body: { message: 'El enlace venció o ya se usó. Pida al dueño un enlace nuevo.' },
    });
    expect((await login(ctx, 'ana@fuego.example', 'otra-clave-larga')).status).toBe(401);
    const unknown = await call(ctx, 'GET', '/api/staff/password-link', {
      headers: { authorization: `Link ${'x'.repeat(43)}` },
    });
    expect(unknown.status).toBe(404);

    const list = await call(ctx, 'GET', '/api/console/staff', { token: owner });
    expect(list.body.staff.find((m: { email: string }) => m.email === 'ana@fuego.example')).toMatchObject({
      state: 'ACTIVE',
      pendingLink: null,
      branchContacts: [{ id: belgrano, alias: 'fuego-belgrano' }],
    });
    const history = await call(ctx, 'GET', '/api/console/changes', { token: owner });
    const rows = history.body.changes.filter(
      (c: { subject: string; subjectName: string }) => c.subjectName === 'ana@fuego.example',
    );
    expect(rows.map((c: { staffName: string }) => c.staffName)).toEqual(['Ana Gómez', 'Lucía Pereyra']);
    expect(rows[1].changes).toEqual(
      expect.arrayContaining([
        { path: 'access', after: 'INVITED' },
        { path: 'branchContacts', after: ['fuego-belgrano'] },
      ]),
    );
    expect(JSON.stringify(history.body)).not.toContain(token);
    expect(JSON.stringify(history.body)).not.toContain('scrypt');
  });

  it('resets a password: the old one works until the link is used, then fails, and old sessions end', async () => {
    const { owner, palermoMember } = await setUp(ctx);
    const oldSession = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const first = await call(ctx, 'POST', `/api/console/staff/${palermoMember.id}/reset`, { token: owner });
    expect(first.status).toBe(200);
    expect(first.body.link.purpose).toBe('RESET');
    const second = await call(ctx, 'POST', `/api/console/staff/${palermoMember.id}/reset`, { token: owner });
    // The earlier link stopped working when the new one was issued.
    const revoked = await call(ctx, 'GET', '/api/staff/password-link', {
      headers: { authorization: `Link ${tokenOf(first.body.link.url)}` },
    });
    expect(revoked.status).toBe(410);
    expect((await call(ctx, 'GET', '/api/staff/me', { token: oldSession })).status).toBe(200);

    const set = await call(ctx, 'POST', '/api/staff/password-link', {
      payload: { token: tokenOf(second.body.link.url), password: 'mostrador-nueva-1' },
    });
    expect(set.status).toBe(200);
    expect((await call(ctx, 'GET', '/api/staff/me', { token: oldSession })).status).toBe(401);
    expect((await login(ctx, FUEGO_PALERMO_STAFF.email, FUEGO_PALERMO_STAFF.password)).status).toBe(401);
    expect((await login(ctx, FUEGO_PALERMO_STAFF.email, 'mostrador-nueva-1')).status).toBe(200);
  });

  it('removes access: login fails and an open session is refused at once; the link is revoked', async () => {
    const { owner, palermoMember } = await setUp(ctx);
    const open = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const reset = await call(ctx, 'POST', `/api/console/staff/${palermoMember.id}/reset`, { token: owner });
    const removed = await call(ctx, 'DELETE', `/api/console/staff/${palermoMember.id}`, { token: owner });
    expect(removed).toMatchObject({ status: 200, body: { staff: { state: 'DISABLED', pendingLink: null } } });
    expect((await call(ctx, 'GET', '/api/console/orders?branchContactId=1', { token: open })).status).toBe(
      401,
    );
    expect((await login(ctx, FUEGO_PALERMO_STAFF.email, FUEGO_PALERMO_STAFF.password)).status).toBe(401);
    const link = await call(ctx, 'POST', '/api/staff/password-link', {
      payload: { token: tokenOf(reset.body.link.url), password: 'quiero-volver-1' },
    });
    expect(link.status).toBe(410);
    expect(
      (await call(ctx, 'POST', `/api/console/staff/${palermoMember.id}/reset`, { token: owner })).status,
    ).toBe(409);
    const history = await call(ctx, 'GET', '/api/console/changes', { token: owner });
    expect(history.body.changes[0]).toMatchObject({
      subject: 'staff',
      subjectName: FUEGO_PALERMO_STAFF.email,
    });
    expect(history.body.changes[0].changes).toEqual(
      expect.arrayContaining([{ path: 'access', before: 'ACTIVE', after: 'DISABLED' }]),
    );
  });

  it('refuses an owner removing or demoting themself and the last owner; two owners removing each other: one wins', async () => {
    const { owner, byAlias } = await setUp(ctx);
    const me = (await call(ctx, 'GET', '/api/staff/me', { token: owner })).body.staff.id as number;
    expect(await call(ctx, 'DELETE', `/api/console/staff/${me}`, { token: owner })).toMatchObject({
      status: 409,
      body: { message: 'No puede quitarse el acceso a usted mismo' },
    });
    const demote = await call(ctx, 'PATCH', `/api/console/staff/${me}`, {
      token: owner,
      payload: { role: 'STAFF', branchContactIds: [byAlias.get('fuego-palermo')] },
    });
    expect(demote).toMatchObject({
      status: 409,
      body: { message: 'No puede quitarse a usted mismo el rol de dueño' },
    });

    // A second owner, invited and with a password.
    const { staff, link } = await invite(ctx, owner, {
      name: 'Marta',
      email: 'marta@fuego.example',
      role: 'OWNER',
      branchContactIds: [],
    });
    const marta = await call(ctx, 'POST', '/api/staff/password-link', {
      payload: { token: tokenOf(link.url), password: 'marta-clave-1' },
    });
    const [a, b] = await Promise.all([
      call(ctx, 'DELETE', `/api/console/staff/${staff.id}`, { token: owner }),
      call(ctx, 'DELETE', `/api/console/staff/${me}`, { token: marta.body.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    const survivor = a.status === 200 ? owner : marta.body.token;
    const list = await call(ctx, 'GET', '/api/console/staff', { token: survivor });
    const activeOwners = list.body.staff.filter(
      (m: { role: string; state: string }) => m.role === 'OWNER' && m.state === 'ACTIVE',
    );
    expect(activeOwners).toHaveLength(1);
  });

  it('a link works for 72 hours, exactly once under 20 concurrent uses, and counts attempts per address', async () => {
    const { owner, byAlias } = await setUp(ctx);
    const location = [byAlias.get('fuego-palermo')];
    const late = await invite(ctx, owner, {
      name: 'Tarde',
      email: 'tarde@fuego.example',
      role: 'STAFF',
      branchContactIds: location,
    });
    ctx.app.clock.pin(new Date(Date.now() + 72 * 3_600_000 + 1000));
    try {
      const expired = await call(ctx, 'POST', '/api/staff/password-link', {
        payload: { token: tokenOf(late.link.url), password: 'demasiado-tarde' },
      });
      expect(expired).toMatchObject({
        status: 410,
        body: { message: 'El enlace venció o ya se usó. Pida al dueño un enlace nuevo.' },
      });
    } finally {
      ctx.app.clock.pin(undefined);
    }

    const { link } = await invite(ctx, owner, {
      name: 'Rápida',
      email: 'rapida@fuego.example',
      role: 'STAFF',
      branchContactIds: location,
    });
    const token = tokenOf(link.url);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(ctx, 'POST', '/api/staff/password-link', {
          payload: { token, password: `clave-numero-${i}` },
          ip: '10.9.9.9',
        }),
      ),
    );
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(19);
    const winner = answers.indexOf(won[0]!);
    expect((await login(ctx, 'rapida@fuego.example', `clave-numero-${winner}`)).status).toBe(200);

    const limit = ctx.config.staffAuth.loginFailuresPerIp;
    const guesses = [];
    for (let i = 0; i <= limit; i++)
      guesses.push(
        await call(ctx, 'GET', '/api/staff/password-link', {
          headers: { authorization: `Link ${String(i).padStart(43, 'a')}` },
          ip: '10.8.8.8',
        }),
      );
    expect(guesses.slice(0, limit).every((answer) => answer.status === 404)).toBe(true);
    expect(guesses[limit]!.status).toBe(429);
  });

  it('changes role and locations, re-invites a removed member, and the export round-trips', async () => {
    const { owner, palermoMember, byAlias } = await setUp(ctx);
    const moved = await call(ctx, 'PATCH', `/api/console/staff/${palermoMember.id}`, {
      token: owner,
      payload: { branchContactIds: [byAlias.get('fuego-belgrano'), byAlias.get('fuego-palermo')] },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.staff.branchContacts.map((l: { alias: string }) => l.alias).sort()).toEqual([
      'fuego-belgrano',
      'fuego-palermo',
    ]);
    const staffSession = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const me = await call(ctx, 'GET', '/api/staff/me', { token: staffSession });
    expect(me.body.staff.branchContacts).toHaveLength(2);

    await invite(ctx, owner, {
      name: 'Invitada',
      email: 'invitada@fuego.example',
      role: 'STAFF',
      branchContactIds: [byAlias.get('fuego-palermo')],
    });
    const gone = await invite(ctx, owner, {
      name: 'Se va',
      email: 'seva@fuego.example',
      role: 'STAFF',
      branchContactIds: [byAlias.get('fuego-palermo')],
    });
    expect((await call(ctx, 'DELETE', `/api/console/staff/${gone.staff.id}`, { token: owner })).status).toBe(
      200,
    );

    const exported = (await tenantExport(ctx.app.db, 'fuego'))!;
    const invited = exported.staff?.find((m) => m.email === 'invitada@fuego.example');
    expect(invited).toBeDefined();
    expect(invited).not.toHaveProperty('password');
    expect(exported.staff?.some((m) => m.email === 'seva@fuego.example')).toBe(false);
    const again = await tenantImport(ctx.app.db, exported);
    expect(again).toMatchObject({ ok: true, changed: false });
    expect(await tenantExport(ctx.app.db, 'fuego')).toEqual(exported);
    const list = await call(ctx, 'GET', '/api/console/staff', { token: owner });
    const states = Object.fromEntries(
      list.body.staff.map((m: { email: string; state: string }) => [m.email, m.state]),
    );
    expect(states).toMatchObject({ 'invitada@fuego.example': 'INVITED', 'seva@fuego.example': 'DISABLED' });

    // A removed member can be invited again: the same account, a new link.
    const back = await invite(ctx, owner, {
      name: 'Vuelve',
      email: 'seva@fuego.example',
      role: 'STAFF',
      branchContactIds: [byAlias.get('fuego-belgrano')],
    });
    expect(back.staff).toMatchObject({ id: gone.staff.id, state: 'INVITED' });
  });
});
