/**
 * Where a location's table QR codes point (issue 12, beyond the spec): the
 * storefront of the staff member's company — its own host when the deployment
 * gives it one (ADR 017), else PUBLIC_URL. The console may live on a host of
 * its own, so its page's origin is not the storefront's: a code printed with
 * it would send diners through the console host for as long as it is glued to
 * the table.
 */
import type { Queryable } from '../db/client';
import { type SiteOrigins, siteCompanyOrigin } from '../lib/site-origins';
import { siteOwnerAlias } from '../repositories/site-owner-repository';
import { consoleBranchContactCheck } from './console-service';
import type { StaffPrincipal } from './staff-auth-service';

/** `GET /api/console/table-links`. */
export async function tableLinksGet(
  deps: { db: Queryable; origins: SiteOrigins; publicUrl: string },
  staff: StaffPrincipal,
  branchContactId: number,
): Promise<{ branchContactId: number; alias: string; storefrontUrl: string }> {
  const location = await consoleBranchContactCheck(deps.db, staff, branchContactId);
  const companyAlias = await siteOwnerAlias(deps.db, 'company', staff.companyId);
  const companyOrigin = companyAlias ? siteCompanyOrigin(deps.origins, companyAlias) : undefined;
  return {
    branchContactId: location.id,
    alias: location.alias,
    storefrontUrl: (companyOrigin ?? deps.publicUrl).replace(/\/+$/, ''),
  };
}
