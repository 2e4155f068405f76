import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchContacts } from '../src/db/schema/tenant';
import { GeoConfigSchema, GeoReverseSchema, GeoSearchSchema } from '../src/schemas/geo';
import {
  GazetteerGeocoder,
  GeocoderUnavailableError,
  geoQueryParse,
  NominatimGeocoder,
} from '../src/services/geocoder';
import { demoTenant } from '../src/tenant/demo-seed';
import { dinerGet, tenantExample, tenantLoad } from './support/diner-fixture';
import { exampleTenantRenamed } from './support/tenant-files';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

// ---------------------------------------------------------------- a local Nominatim

interface SeenRequest {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

/** What a Nominatim server answers for Honduras 4800 in Palermo (jsonv2, addressdetails=1). */
const HONDURAS_4800 = {
  place_id: 301_228_811,
  licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
  osm_type: 'node',
  osm_id: 4_401_234_567,
  lat: '-34.5888633',
  lon: '-58.4305422',
  category: 'place',
  type: 'house',
  place_rank: 30,
  importance: 0.00000999,
  addresstype: 'place',
  name: '',
  display_name:
    '4800, Honduras, Palermo Soho, Palermo, Buenos Aires, Comuna 14, Ciudad Autónoma de Buenos Aires, C1414BMP, Argentina',
  address: {
    house_number: '4800',
    road: 'Honduras',
    neighbourhood: 'Palermo Soho',
    suburb: 'Palermo',
    city: 'Buenos Aires',
    state_district: 'Comuna 14',
    state: 'Ciudad Autónoma de Buenos Aires',
    'ISO3166-2-lvl4': 'AR-C',
    postcode: 'C1414BMP',
    country: 'Argentina',
    country_code: 'ar',
  },
  boundingbox: ['-34.5889133', '-34.5888133', '-58.4305922', '-58.4304922'],
};

/** The street itself, without a house number (rank 26). */
const HONDURAS_STREET = {
  ...HONDURAS_4800,
  place_id: 301_228_812,
  osm_type: 'way',
  category: 'highway',
  type: 'residential',
  place_rank: 26,
  addresstype: 'road',
  name: 'Honduras',
  lat: '-34.5901',
  lon: '-58.4290',
  display_name: 'Honduras, Palermo, Buenos Aires, Ciudad Autónoma de Buenos Aires, Argentina',
  address: {
    road: 'Honduras',
    suburb: 'Palermo',
    city: 'Buenos Aires',
    state: 'Ciudad Autónoma de Buenos Aires',
    postcode: 'C1414',
    country: 'Argentina',
    country_code: 'ar',
  },
};

/** The country named Honduras: an area, never an address suggestion. */
const HONDURAS_COUNTRY = {
  place_id: 1,
  lat: '15.2572432',
  lon: '-86.0755145',
  category: 'boundary',
  type: 'administrative',
  place_rank: 4,
  addresstype: 'country',
  name: 'Honduras',
  display_name: 'Honduras',
  address: { country: 'Honduras', country_code: 'hn' },
};

/** A town address: no suburb, `town` instead of `city`. */
const TIGRE = {
  place_id: 77,
  lat: '-34.4262',
  lon: '-58.5797',
  place_rank: 30,
  name: '',
  display_name: '1200, Avenida Cazón, Tigre, Partido de Tigre, Buenos Aires, B1648, Argentina',
  address: {
    house_number: '1200',
    road: 'Avenida Cazón',
    town: 'Tigre',
    state: 'Buenos Aires',
    postcode: 'B1648',
    country: 'Argentina',
    country_code: 'ar',
  },
};

/**
 * A Nominatim speaking its documented JSON on a local port: `/search` and
 * `/reverse` with `format=jsonv2`. Some queries misbehave on purpose.
 */
async function nominatimStart() {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (url.searchParams.get('format') !== 'jsonv2') return json(400, { error: 'format' });
    if (url.pathname === '/search') {
      const q = url.searchParams.get('q') ?? '';
      if (q === 'falla total') return json(500, { error: 'Internal Server Error' });
      if (q === 'respuesta rota') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>maintenance</html>');
      }
      if (q === 'muy lento') return setTimeout(() => json(200, []), 3000);
      if (/honduras/i.test(q))
        return json(200, [HONDURAS_4800, HONDURAS_STREET, HONDURAS_COUNTRY, HONDURAS_4800]);
      if (/caz[oó]n/i.test(q)) return json(200, [TIGRE]);
      return json(200, []);
    }
    if (url.pathname === '/reverse') {
      const lat = Number(url.searchParams.get('lat'));
      if (lat < -60) return json(200, { error: 'Unable to geocode' });
      return json(200, HONDURAS_4800);
    }
    return json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const nominatim = await nominatimStart();
afterAll(() => nominatim.close());

const get = (ctx: TestContext, url: string) => dinerGet(ctx, url);

async function contactId(ctx: TestContext, alias: string): Promise<number> {
  const rows = await ctx.database.db
    .select({ id: branchContacts.id })
    .from(branchContacts)
    .where(eq(branchContacts.alias, alias));
  if (!rows[0]) throw new Error(`no branch contact ${alias}`);
  return rows[0].id;
}

// ---------------------------------------------------------------- the gazetteer (default)

describe.each(testDatabaseKinds())('geo API with the offline gazetteer on %s', (kind) => {
  const ctx = useTestApp(kind);
  const ids = { palermo: 0, centro: 0, uruguay: 0 };

  beforeAll(async () => {
    await tenantLoad(ctx, demoTenant());
    await tenantLoad(ctx, tenantExample());
    const uruguay = exampleTenantRenamed('charrua');
    uruguay.country = {
      code: 'UY',
      name: 'Uruguay',
      currency: { code: 'UYU', symbol: '$' },
      phonePrefix: '598',
      mantissaLength: 2,
      timezone: 'America/Montevideo',
    };
    await tenantLoad(ctx, uruguay);
    ids.palermo = await contactId(ctx, 'fuego-palermo');
    ids.centro = await contactId(ctx, 'fuego-cafe-centro');
    ids.uruguay = await contactId(ctx, 'charrua-palermo');
  });

  describe('GET /api/geo/search', () => {
    it('"Honduras 4800" → Honduras 4800 at the Palermo location, with every field', async () => {
      const { status, body, headers } = await get(ctx, '/api/geo/search?q=Honduras%204800');
      expect(status).toBe(200);
      expect(Value.Check(GeoSearchSchema, body)).toBe(true);
      expect(body.suggestions[0]).toEqual({
        label: 'Honduras 4800, Palermo, Buenos Aires',
        street: 'Honduras',
        number: '4800',
        city: 'Buenos Aires',
        province: 'Ciudad Autónoma de Buenos Aires',
        postalCode: 'C1414',
        lat: expect.closeTo(-34.5889, 4),
        lng: expect.closeTo(-58.4306, 4),
      });
      expect(body.suggestions).toHaveLength(1);
      // The diner's query is personal: no cache may keep it.
      expect(headers['cache-control']).toBe('no-store');
    });

    it('the tenants’ own addresses land on their coordinates', async () => {
      const cases = [
        ['Av. Cabildo 3950', -34.5455, -58.4689],
        ['av cabildo 2200', -34.5607, -58.4565],
        ['Corrientes 5400', -34.5985, -58.438],
        ['rivadavia 5100', -34.619, -58.441],
        ['Florida 520', -34.6015, -58.3752],
      ] as const;
      for (const [q, lat, lng] of cases) {
        const { body } = await get(ctx, `/api/geo/search?q=${encodeURIComponent(q)}`);
        expect(body.suggestions[0], q).toMatchObject({
          lat: expect.closeTo(lat, 4),
          lng: expect.closeTo(lng, 4),
        });
      }
    });

    it('is accent- and case-insensitive and matches word prefixes', async () => {
      const cordoba = await get(ctx, '/api/geo/search?q=AV%20CORDOBA%205000');
      expect(cordoba.body.suggestions.map((s: { label: string }) => s.label)).toEqual([
        'Av. Córdoba 5000, Palermo, Buenos Aires',
      ]);
      const larralde = await get(ctx, '/api/geo/search?q=crisologo%20larr%202000');
      expect(larralde.body.suggestions[0]).toMatchObject({ street: 'Crisólogo Larralde', number: '2000' });
      const nunez = await get(ctx, '/api/geo/search?q=N%C3%9A%C3%91EZ%202300');
      expect(nunez.body.suggestions[0]).toMatchObject({ street: 'Núñez', number: '2300' });
    });

    it('a number that is part of the street name is not the house number', async () => {
      const { body } = await get(ctx, '/api/geo/search?q=25%20de%20Mayo%20500');
      expect(body.suggestions[0]).toMatchObject({ street: '25 de Mayo', number: '500' });
    });

    it('the neighbourhood or the city narrows the search', async () => {
      const palermo = await get(ctx, '/api/geo/search?q=Serrano%20900%20villa%20crespo');
      expect(palermo.body.suggestions).toHaveLength(1);
      expect(palermo.body.suggestions[0].label).toBe('Serrano 900, Villa Crespo, Buenos Aires');
      const caba = await get(ctx, '/api/geo/search?q=Honduras%204800%2C%20CABA');
      expect(caba.body.suggestions[0].label).toBe('Honduras 4800, Palermo, Buenos Aires');
      const elsewhere = await get(ctx, '/api/geo/search?q=Honduras%204800%20rosario');
      expect(elsewhere.body.suggestions).toEqual([]);
    });

    it('a street without a number: the street, number null; a number beyond the street: nothing', async () => {
      const street = await get(ctx, '/api/geo/search?q=honduras');
      expect(street.body.suggestions).toEqual([
        expect.objectContaining({ label: 'Honduras, Palermo, Buenos Aires', number: null }),
      ]);
      const beyond = await get(ctx, '/api/geo/search?q=Honduras%209999');
      expect(beyond.body.suggestions).toEqual([]);
      const unknown = await get(ctx, '/api/geo/search?q=Calle%20que%20no%20existe%20123');
      expect(unknown.body.suggestions).toEqual([]);
    });

    it("ranks the branch contact's surroundings first", async () => {
      const labels = async (id: number) =>
        (await get(ctx, `/api/geo/search?q=Av.%20C%C3%B3rdoba&branchContactId=${id}`)).body.suggestions.map(
          (s: { label: string }) => s.label,
        );
      expect(await labels(ids.centro)).toEqual([
        'Av. Córdoba, San Nicolás, Buenos Aires',
        'Av. Córdoba, Palermo, Buenos Aires',
      ]);
      expect(await labels(ids.palermo)).toEqual([
        'Av. Córdoba, Palermo, Buenos Aires',
        'Av. Córdoba, San Nicolás, Buenos Aires',
      ]);
    });

    it("keeps to the branch contact's country (a Uruguayan location finds no Buenos Aires street)", async () => {
      const { status, body } = await get(
        ctx,
        `/api/geo/search?q=Honduras%204800&branchContactId=${ids.uruguay}`,
      );
      expect(status).toBe(200);
      expect(body.suggestions).toEqual([]);
    });

    it('400 per field for a short, blank or long query and a bad id; 404 for an unknown location', async () => {
      const short = await get(ctx, '/api/geo/search?q=ab');
      expect(short.status).toBe(400);
      expect(Object.keys(short.body.fields)).toEqual(['querystring.q']);
      const blank = await get(ctx, '/api/geo/search?q=%20%20ab%20%20');
      expect(blank.status).toBe(400);
      expect(blank.body.fields).toEqual({ 'querystring.q': 'debe tener al menos 3 caracteres' });
      const missing = await get(ctx, '/api/geo/search');
      expect(missing.body.fields).toEqual({ 'querystring.q': 'es obligatorio' });
      const long = await get(ctx, `/api/geo/search?q=${'a'.repeat(201)}`);
      expect(Object.keys(long.body.fields)).toEqual(['querystring.q']);
      const id = await get(ctx, '/api/geo/search?q=Honduras&branchContactId=0');
      expect(id.status).toBe(400);
      expect(Object.keys(id.body.fields)).toEqual(['querystring.branchContactId']);
      const unknown = await get(ctx, '/api/geo/search?q=Honduras&branchContactId=987654');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'Not Found', message: 'No existe el local 987654' });
    });
  });

  describe('GET /api/geo/reverse', () => {
    it('mid-block addresses come back from their own coordinates (search → reverse round trip)', async () => {
      for (const q of [
        'Honduras 4850',
        'Av. Cabildo 3950',
        'Florida 520',
        'Av. Rivadavia 5150',
        'Thames 1950',
      ]) {
        const found = (await get(ctx, `/api/geo/search?q=${encodeURIComponent(q)}`)).body.suggestions[0];
        const { status, body, headers } = await get(
          ctx,
          `/api/geo/reverse?lat=${found.lat}&lng=${found.lng}`,
        );
        expect(status).toBe(200);
        expect(Value.Check(GeoReverseSchema, body)).toBe(true);
        expect(body.address, q).toEqual(found);
        expect(headers['cache-control']).toBe('no-store');
      }
    });

    it('a point beside a street snaps to its nearest number', async () => {
      // 20 m north-east of Honduras 4850, inside the block, 60 m from the corners.
      const { body } = await get(ctx, '/api/geo/reverse?lat=-34.58839&lng=-58.43091');
      expect(body.address).toMatchObject({ street: 'Honduras', city: 'Buenos Aires' });
      expect(Number(body.address.number)).toBeGreaterThanOrEqual(4840);
      expect(Number(body.address.number)).toBeLessThanOrEqual(4860);
    });

    it('far from every street of the gazetteer: address null', async () => {
      const { status, body } = await get(ctx, '/api/geo/reverse?lat=-31.4201&lng=-64.1888');
      expect(status).toBe(200);
      expect(body).toEqual({ address: null });
    });

    it('400 per field for missing or out-of-range coordinates', async () => {
      const missing = await get(ctx, '/api/geo/reverse?lat=-34.5');
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual({ 'querystring.lng': 'es obligatorio' });
      const range = await get(ctx, '/api/geo/reverse?lat=95&lng=-58.4');
      expect(Object.keys(range.body.fields)).toEqual(['querystring.lat']);
      const text = await get(ctx, '/api/geo/reverse?lat=-34.5&lng=oeste');
      expect(Object.keys(text.body.fields)).toEqual(['querystring.lng']);
    });
  });

  it('GET /api/geo/config: the configured tiles, zoom 5 on Buenos Aires', async () => {
    const { status, body, headers } = await get(ctx, '/api/geo/config');
    expect(status).toBe(200);
    expect(Value.Check(GeoConfigSchema, body)).toBe(true);
    expect(body).toMatchObject({
      tileUrl: ctx.config.mapTileUrl,
      defaultZoom: 5,
      defaultCenter: { lat: expect.closeTo(-34.6037, 3), lng: expect.closeTo(-58.3816, 3) },
    });
    expect(body.attribution).toContain('OpenStreetMap');
    expect(headers['cache-control']).toContain('max-age');
  });

  it('is rate limited: 60 searches and 60 reverse lookups a minute, then 429', async () => {
    for (const url of ['/api/geo/search?q=Honduras', '/api/geo/reverse?lat=-34.5889&lng=-58.4306']) {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i += 1) statuses.push((await get(ctx, url)).status);
      // Earlier tests spent part of this minute's allowance: some 200s, then only 429s.
      expect(statuses[0], url).toBe(200);
      expect(statuses.at(-1), url).toBe(429);
      expect(statuses.indexOf(429), url).toBeGreaterThan(0);
      expect(statuses.slice(statuses.indexOf(429)).every((status) => status === 429)).toBe(true);
    }
    const refused = await get(ctx, '/api/geo/search?q=Honduras');
    expect(refused.body.message).toMatch(/^Demasiadas solicitudes/);
  });
});

// ---------------------------------------------------------------- Nominatim (GEOCODER_URL)

describe.each(testDatabaseKinds())('geo API with a Nominatim server on %s', (kind) => {
  const ctx = useTestApp(kind, {
    geocoderUrl: `${nominatim.url}/`,
    publicUrl: 'https://pedidos.example.com',
  });
  const ids = { palermo: 0 };

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    ids.palermo = await contactId(ctx, 'fuego-palermo');
  });

  it('searches with jsonv2, address details, the location’s country and a viewbox around it', async () => {
    nominatim.seen.length = 0;
    const { status, body } = await get(
      ctx,
      `/api/geo/search?q=Honduras%204800&branchContactId=${ids.palermo}`,
    );
    expect(status).toBe(200);
    expect(nominatim.seen).toHaveLength(1);
    const request = nominatim.seen[0]!;
    expect(request.path).toBe('/search');
    expect(Object.fromEntries(request.query)).toEqual({
      q: 'Honduras 4800',
      format: 'jsonv2',
      addressdetails: '1',
      limit: '6',
      countrycodes: 'ar',
      viewbox: '-58.63060,-34.38890,-58.23060,-34.78890',
      bounded: '0',
    });
    expect(request.headers['user-agent']).toBe('Comanda/0.1 (+https://pedidos.example.com)');
    expect(request.headers['accept-language']).toBe('es');
    // The house, the street without a number; the country named Honduras and the duplicate are dropped.
    expect(body.suggestions).toEqual([
      {
        label: 'Honduras 4800, Palermo, Buenos Aires',
        street: 'Honduras',
        number: '4800',
        city: 'Buenos Aires',
        province: 'Ciudad Autónoma de Buenos Aires',
        postalCode: 'C1414BMP',
        lat: -34.5888633,
        lng: -58.4305422,
      },
      {
        label: 'Honduras, Palermo, Buenos Aires',
        street: 'Honduras',
        number: null,
        city: 'Buenos Aires',
        province: 'Ciudad Autónoma de Buenos Aires',
        postalCode: 'C1414',
        lat: -34.5901,
        lng: -58.429,
      },
    ]);
  });

  it("without a location: the spec's countries and no viewbox; a town stands for the city", async () => {
    nominatim.seen.length = 0;
    const { body } = await get(ctx, '/api/geo/search?q=Cazon%201200');
    const query = nominatim.seen[0]!.query;
    expect(query.get('countrycodes')).toBe('ar,uy,cl,br,pe,co,ve,py,mx,ec,bo');
    expect(query.has('viewbox')).toBe(false);
    expect(body.suggestions).toEqual([
      {
        label: 'Avenida Cazón 1200, Tigre',
        street: 'Avenida Cazón',
        number: '1200',
        city: 'Tigre',
        province: 'Buenos Aires',
        postalCode: 'B1648',
        lat: -34.4262,
        lng: -58.5797,
      },
    ]);
  });

  it('reverse: one address for a point; Nominatim’s "Unable to geocode" is address null', async () => {
    nominatim.seen.length = 0;
    const found = await get(ctx, '/api/geo/reverse?lat=-34.5889&lng=-58.4306');
    expect(found.status).toBe(200);
    expect(found.body.address).toMatchObject({
      label: 'Honduras 4800, Palermo, Buenos Aires',
      number: '4800',
    });
    expect(nominatim.seen[0]!.path).toBe('/reverse');
    expect(Object.fromEntries(nominatim.seen[0]!.query)).toEqual({
      lat: '-34.5889',
      lon: '-58.4306',
      format: 'jsonv2',
      addressdetails: '1',
      zoom: '18',
    });
    const sea = await get(ctx, '/api/geo/reverse?lat=-70&lng=-58.4');
    expect(sea.status).toBe(200);
    expect(sea.body).toEqual({ address: null });
  });

  it('a failing geocoder is a 502 with a Spanish message, for an error status and for a body that is not JSON', async () => {
    for (const q of ['falla total', 'respuesta rota']) {
      const { status, body } = await get(ctx, `/api/geo/search?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(502);
      expect(body).toEqual({
        error: 'Bad Gateway',
        message: 'El servicio de direcciones no está disponible; ingrese la dirección a mano',
      });
    }
  });
});

// ---------------------------------------------------------------- the adapters themselves

describe('NominatimGeocoder', () => {
  it('gives up after its time-out', async () => {
    const geocoder = new NominatimGeocoder({ baseUrl: nominatim.url, userAgent: 'test', timeoutMs: 200 });
    const started = Date.now();
    await expect(geocoder.search('muy lento', { countryCodes: ['ar'] })).rejects.toThrow(
      GeocoderUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('an unreachable server is unavailable, not a crash', async () => {
    const geocoder = new NominatimGeocoder({ baseUrl: 'http://127.0.0.1:9', userAgent: 'test' });
    await expect(geocoder.reverse({ lat: -34.6, lng: -58.4 })).rejects.toThrow(/unreachable/);
  });
});

describe('GazetteerGeocoder', () => {
  it('interpolates a number along its segment and reverses it', async () => {
    const geocoder = new GazetteerGeocoder({
      city: 'Montevideo',
      province: 'Montevideo',
      country: 'UY',
      segments: [
        {
          street: '18 de Julio',
          neighbourhood: 'Centro',
          postalCode: '11100',
          from: 1000,
          to: 1200,
          start: { lat: -34.9, lng: -56.2 },
          end: { lat: -34.9, lng: -56.18 },
        },
      ],
    });
    const [found] = await geocoder.search('18 de julio 1150', { countryCodes: ['uy'] });
    expect(found).toEqual({
      label: '18 de Julio 1150, Centro, Montevideo',
      street: '18 de Julio',
      number: '1150',
      city: 'Montevideo',
      province: 'Montevideo',
      postalCode: '11100',
      lat: -34.9,
      lng: -56.185,
    });
    expect(await geocoder.search('18 de julio 1150', { countryCodes: ['ar'] })).toEqual([]);
    expect(await geocoder.reverse({ lat: -34.9001, lng: -56.195 })).toMatchObject({ number: '1050' });
  });

  it('reads the house number from a query', () => {
    expect(geoQueryParse('Av. Córdoba 5000')).toEqual({ words: ['cordoba'], number: 5000 });
    expect(geoQueryParse('25 de Mayo 500, CABA')).toEqual({ words: ['25', 'mayo', 'caba'], number: 500 });
    expect(geoQueryParse('9 de julio')).toEqual({ words: ['9', 'julio'], number: null });
  });
});
