import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { AliasErrorScreen } from '../../components/error-screen';
import { Spinner } from '../../components/spinner';
import { useDinerEntity } from '../../features/entry/api/get-diner-entity';
import { BranchScreen } from '../../features/entry/components/branch-screen';
import { CompanyScreen } from '../../features/entry/components/company-screen';
import { ModeSelection } from '../../features/entry/components/mode-selection';
import { useMenuHashes } from '../../features/menu/api/get-menu-extras';
import { StorefrontLayout } from '../../features/shell/components/storefront-layout';
import { useMarketingTags } from '../../hooks/use-marketing-tags';
import { appRememberStorefront } from '../../lib/app-environment';
import { branchLogoUrl } from '../../lib/branch';
import { useNow } from '../../lib/ordering-state';
import { aliasPath } from '../../lib/storefront-path';
import { useBranchTheme } from '../../lib/theme';
import { cartBind } from '../../stores/cart-store';
import { entryParamsAllowsMode, useEntryParams } from '../../stores/entry-params-store';
import { useStorefrontLocation } from './use-storefront-location';

/** `/menu/{alias}`: the company, branch or branch contact screen, by what the alias names. */
export function MenuEntryRoute() {
  const { alias = '' } = useParams();
  const { search, hash } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const entity = useDinerEntity(alias, attempt);
  const params = useEntryParams();
  const now = useNow();

  const data = entity.status === 'success' ? entity.data : null;
  const branch =
    data?.type === 'BRANCH'
      ? data.branch
      : data?.type === 'BRANCH_CONTACT'
        ? data.branchContact.branch
        : null;
  const contact = data?.type === 'BRANCH_CONTACT' ? data.branchContact : null;
  const scheme = useBranchTheme(branch);
  useMarketingTags(branch);
  const hashes = useMenuHashes(contact ? contact.alias : null);
  // The branch screen's location modal: the diner's position gives each location's distance.
  const locator =
    data?.type === 'BRANCH'
      ? (data.branchContacts.find((candidate) =>
          candidate.deliveryConfig.orderModes.some((mode) => mode.type === 'DELIVERY'),
        ) ??
        data.branchContacts[0] ??
        null)
      : null;
  const location = useStorefrontLocation(locator, null, data?.country.mantissaLength ?? 0, 'branch-location');

  useEffect(() => {
    if (!contact) return;
    cartBind(contact.alias, contact.id);
    appRememberStorefront(aliasPath(contact.alias));
  }, [contact]);

  if (entity.status === 'error') {
    return (
      <AliasErrorScreen alias={alias} error={entity.error} onRetry={() => setAttempt((value) => value + 1)} />
    );
  }
  if (!data) return <Spinner />;

  if (data.type === 'COMPANY') {
    return (
      <StorefrontLayout
        brandName={data.company.name}
        homeHref={aliasPath(alias)}
        aliasType="COMPANY"
        scheme={scheme}
      >
        <CompanyScreen company={data.company} branches={data.branches} search={search} />
      </StorefrontLayout>
    );
  }

  if (data.type === 'BRANCH') {
    return (
      <StorefrontLayout
        brandName={data.branch.name}
        logoUrl={branchLogoUrl(data.branch)}
        homeHref={aliasPath(data.branch.alias)}
        aliasType="BRANCH"
        scheme={scheme}
      >
        <BranchScreen
          branch={data.branch}
          branchContacts={data.branchContacts}
          allowedOM={params.allowedOM}
          search={search}
          now={now}
          position={location.position}
          onLocate={location.openAddress ?? undefined}
        >
          {location.addressModal}
        </BranchScreen>
      </StorefrontLayout>
    );
  }

  const modes = data.branchContact.deliveryConfig.orderModes.filter((mode) =>
    entryParamsAllowsMode(params.allowedOM, mode),
  );
  return (
    <StorefrontLayout
      brandName={data.branchContact.branch.name}
      logoUrl={branchLogoUrl(data.branchContact.branch)}
      homeHref={aliasPath(data.branchContact.alias)}
      aliasType="BRANCH_CONTACT"
      scheme={scheme}
    >
      <ModeSelection
        contact={data.branchContact}
        modes={modes}
        hashes={hashes.hashes}
        hashesLoaded={hashes.loaded}
        hashMode={decodeURIComponent(hash.replace(/^#/, ''))}
        now={now}
      />
    </StorefrontLayout>
  );
}
