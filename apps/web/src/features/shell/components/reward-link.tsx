import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { rewardLinkRead, rewardLinkWithout } from '../../account/lib/reward-link';
import { useDinerEntity } from '../../entry/api/get-diner-entity';

// A chunk of its own, with its styles: statically here, the layout's first-paint chunk would list
// them among this chunk's dependencies (bench/bundle-size.mjs).
const RewardSignupModal = lazy(() =>
  import('../../account/components/reward-signup-modal').then((module) => ({
    default: module.RewardSignupModal,
  })),
);

type Offer = ReturnType<typeof rewardLinkRead>;

// Kept for the page, not the layout: a location opened with one order mode (or in the installed app)
// goes on to that mode's menu by itself, which mounts another layout while the modal is up.
/** The link's reward, read at the first location page (undefined until then). */
let offer: Offer | undefined;
let closed = false;

/**
 * A venue's reward link arriving at a location's page (`?reward={id}`, ADR
 * 029): the account's sign-up modal, over the page. The layout mounts this
 * in an app opened with the parameter; a company's or a branch's page passes
 * it on to the location the diner picks. It is read there once, then
 * taken out of the address, the rest kept, so that a reload or a shared
 * address does not offer the reward again; the modal stays until closed.
 */
export default function RewardLink() {
  const { alias = '' } = useParams();
  const entity = useDinerEntity(alias);
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Offer | undefined>(offer);
  const data = entity.status === 'success' ? entity.data : null;
  const atLocation = data?.type === 'BRANCH_CONTACT';

  useEffect(() => {
    // A company's or a branch's page leaves the parameter to the links to its locations.
    if (offer !== undefined || !atLocation) return;
    offer = rewardLinkRead(location.search);
    setShown(offer);
    if (!offer) return;
    // Through the router (a history.replaceState underneath), so that its own copy of the address
    // agrees: the menu's links carry the current query and would otherwise bring the reward back.
    navigate(
      { pathname: location.pathname, search: rewardLinkWithout(location.search), hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [atLocation, navigate, location]);

  if (!shown || closed || data?.type !== 'BRANCH_CONTACT') return null;
  const contact = data.branchContact;
  return (
    <Suspense fallback={null}>
      <RewardSignupModal
        rewardId={shown.id}
        place={{
          branchId: contact.branch.id,
          branchContactId: contact.id,
          countryCode: data.country.code,
          country: data.country,
        }}
        onClose={() => {
          closed = true;
          setShown(null);
        }}
      />
    </Suspense>
  );
}
