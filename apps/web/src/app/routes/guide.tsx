import { GuidePage } from '../../features/guide/components/guide-page';
import { StorefrontLayout } from '../../features/shell/components/storefront-layout';
import { useBranchTheme } from '../../lib/theme';

/** `/menu` (follow-up §2.1 "Branch selection (empty path)"): the branch guide, in the product's own colours. */
export function GuideRoute() {
  const scheme = useBranchTheme(null);
  return (
    <StorefrontLayout brandName="Comanda" homeHref="/menu" aliasType="COMPANY" scheme={scheme}>
      <GuidePage />
    </StorefrontLayout>
  );
}
