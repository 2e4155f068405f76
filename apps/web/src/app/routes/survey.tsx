import { useParams, useSearchParams } from 'react-router';
import { useDinerEntity } from '../../features/entry/api/get-diner-entity';
import { orderPath } from '../../features/follow-up/paths';
import { StorefrontLayout } from '../../features/shell/components/storefront-layout';
import { SurveyPage } from '../../features/survey/components/survey-page';
import { useSurveyLoad } from '../../features/survey/hooks/use-survey-load';
import { branchLogoUrl } from '../../lib/branch';
import { aliasPath } from '../../lib/storefront-path';
import { useBranchTheme } from '../../lib/theme';

/**
 * `/encuesta/{alias}/{orderCode}`: the order survey (follow-up §2.1, §2.3), in
 * the storefront's frame dressed as the alias's location. The order code
 * alone decides whose survey is asked (the summary's branch contact); an alias
 * naming another location than the order's shows the page unbranded rather
 * than in another venue's colours.
 */
export function SurveyRoute() {
  const { alias = '', orderCode = '' } = useParams();
  const [search] = useSearchParams();
  const entity = useDinerEntity(alias);
  const load = useSurveyLoad(orderCode);
  const contact =
    entity.status === 'success' && entity.data.type === 'BRANCH_CONTACT' ? entity.data.branchContact : null;
  const orderContactId = 'summary' in load ? load.summary.branchContactId : null;
  const ours = contact !== null && (orderContactId === null || orderContactId === contact.id);
  const branch = ours ? contact.branch : null;
  const scheme = useBranchTheme(branch);
  return (
    <StorefrontLayout
      brandName={branch?.name ?? ''}
      logoUrl={branch ? branchLogoUrl(branch) : null}
      homeHref={aliasPath(alias)}
      aliasType="BRANCH_CONTACT"
      scheme={scheme}
    >
      <SurveyPage
        key={`${alias}/${orderCode}`}
        orderCode={orderCode}
        venueName={ours ? contact.name : ''}
        load={load}
        prefill={search.get('surveyGeneralNPSAnswer')}
        homeHref={aliasPath(alias)}
        followUpHref={orderPath(alias, orderCode)}
      />
    </StorefrontLayout>
  );
}
