/**
 * The branch guide (follow-up §2.4, `POST /api/menu/near`): the listed locations
 * nearest to the diner, a page at a time, each saying whether its delivery
 * reaches the diner (the storefront's own zones, through the domain rule).
 */
import type { DeliveryZone, LatLng } from '@comanda/domain/delivery-zone';
import { GUIDE_PAGE_SIZE_DEFAULT, guideReachableByDelivery } from '@comanda/domain/guide';
import type { Minor } from '@comanda/domain/money';
import { eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { countries } from '../db/schema/tenant';
import { badRequest } from '../lib/http-error';
import { guidePagePresent } from '../presenters/guide-presenter';
import { type GuideSearch, type GuideZone, guideNearestPage } from '../repositories/guide-repository';
import {
  aliasIsPlausible,
  aliasNormalize,
  companyWithCountryFindByAlias,
} from '../repositories/tenant-repository';
import type { GuidePageView, GuideSearchBody } from '../schemas/guide';

/** The guide's answer for one request; `hostCompanyAlias` when the request came to a company's own host. */
export async function guideSearch(
  db: Queryable,
  body: GuideSearchBody,
  hostCompanyAlias: string | undefined,
): Promise<GuidePageView> {
  const center: LatLng = { lat: body.lat, lng: body.lng };
  const pageSize = body.pagingOption?.pageSize ?? GUIDE_PAGE_SIZE_DEFAULT;
  const offset = body.pagingOption?.offset ?? 0;
  const search: GuideSearch = {
    center,
    pageSize,
    offset,
    ...(await guideFiltersParse(db, body.filters ?? [])),
  };
  if (hostCompanyAlias !== undefined) {
    const host = await companyWithCountryFindByAlias(db, hostCompanyAlias);
    // A host configured for a company that is not (yet) imported lists nothing rather than everyone.
    search.companyId = host?.company.id ?? 0;
  }
  const empty = { branchContacts: [], pagingOption: { pageSize, offset }, hasMore: false };
  if (search.countryCodes?.length === 0) return empty;
  const page = await guideNearestPage(db, search);
  return guidePagePresent({
    rows: page.rows,
    center,
    pageSize,
    offset,
    hasMore: page.hasMore,
    reachable: (row) =>
      guideReachableByDelivery(
        row.zones.map(deliveryZoneOf),
        { lat: row.lat, lng: row.lng },
        center,
        row.takesDelivery,
      ),
  });
}

/**
 * The spec's filters (§7 "filters [{key, value}] for country and branch_contact"):
 * `country` names a country by its code (`AR`) or its name (`Argentina`), as the
 * tenant file stores it; `branch_contact` names a location by id or alias. Entries
 * of one key are alternatives; different keys all apply. A country nobody has
 * leaves `countryCodes` empty: the answer is an empty page, not an error.
 */
async function guideFiltersParse(
  db: Queryable,
  filters: NonNullable<GuideSearchBody['filters']>,
): Promise<Pick<GuideSearch, 'countryCodes' | 'branchContactIds' | 'branchContactAliases'>> {
  const countryValues: string[] = [];
  const ids: number[] = [];
  const aliases: string[] = [];
  filters.forEach((filter, index) => {
    const value = filter.value.trim();
    const field = `body.filters[${index}].value`;
    if (filter.key === 'country') {
      if (!/^[\p{L} .'-]{2,60}$/u.test(value))
        throw fieldError(field, 'debe ser el código o el nombre de un país');
      countryValues.push(value);
      return;
    }
    if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 2_147_483_647) ids.push(Number(value));
    else if (aliasIsPlausible(aliasNormalize(value))) aliases.push(aliasNormalize(value));
    else throw fieldError(field, 'debe ser el id o el alias de un local');
  });
  const parsed: Pick<GuideSearch, 'countryCodes' | 'branchContactIds' | 'branchContactAliases'> = {
    branchContactIds: ids,
    branchContactAliases: aliases,
  };
  if (countryValues.length > 0) parsed.countryCodes = await countryCodesOf(db, countryValues);
  return parsed;
}

async function countryCodesOf(db: Queryable, values: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ code: countries.code })
    .from(countries)
    .where(
      or(
        ...values.flatMap((value) => [
          eq(countries.code, value.toUpperCase()),
          sql`lower(${countries.name}) = ${value.toLowerCase()}`,
        ]),
      ),
    );
  return rows.map((row) => row.code);
}

function fieldError(field: string, message: string) {
  return badRequest(`${field}: ${message}`, { [field]: message });
}

/** Reach only: the fees play no part, so a zone's are left at zero. */
function deliveryZoneOf(zone: GuideZone): DeliveryZone {
  const fees = { name: zone.name, fee: 0 as Minor, cashFee: 0 as Minor };
  return zone.radiusMeters !== null
    ? { ...fees, radiusMeters: zone.radiusMeters }
    : { ...fees, polygon: zone.polygon ?? [] };
}
