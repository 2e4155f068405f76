import { type ReactNode, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { AliasErrorScreen, ErrorScreen } from '../../components/error-screen';
import { Spinner } from '../../components/spinner';
import { useDinerEntity } from '../../features/entry/api/get-diner-entity';
import { RiderLayout } from '../../features/rider/components/rider-layout';
import { useRiderManifest, useRiderTheme } from '../../features/rider/lib/device';
import { riderLastLocationSet } from '../../features/rider/lib/session';
import type { RiderLocation } from '../../features/rider/types';
import { branchLogoUrl } from '../../lib/branch';
import '../../features/rider/rider.css';

/**
 * What every rider route shares: the location of the `:alias` (its id, name,
 * logo, colours, country and time zone, from `GET /api/diner/{alias}`, which
 * also sets the company whose storage keys the rider's session lives under),
 * the rider app's frame and manifest. Only a location (branch contact) has riders.
 */
export function RiderLocationGate({
  brand = true,
  children,
}: {
  brand?: boolean;
  children: (location: RiderLocation) => ReactNode;
}) {
  const { alias = '' } = useParams();
  const [attempt, setAttempt] = useState(0);
  const entity = useDinerEntity(alias, attempt);
  const contact = entity.status === 'success' && entity.data.type === 'BRANCH_CONTACT' ? entity.data : null;
  const branch = contact?.branchContact.branch ?? null;
  const scheme = useRiderTheme(
    branch
      ? { colorConfig: branch.generalConfig.colorConfig, fontFamily: branch.generalConfig.fontFamily }
      : null,
  );
  useRiderManifest();
  const riderAlias = contact?.branchContact.alias;
  useEffect(() => {
    if (riderAlias) riderLastLocationSet(riderAlias);
  }, [riderAlias]);

  if (entity.status === 'error')
    return (
      <AliasErrorScreen alias={alias} error={entity.error} onRetry={() => setAttempt((value) => value + 1)} />
    );
  if (entity.status !== 'success') return <Spinner />;
  if (!contact)
    return (
      <ErrorScreen title="Local no encontrado" message={`"${alias}" no es un local con repartidores.`} />
    );

  const { branchContact, country } = contact;
  const location: RiderLocation = {
    branchContactId: branchContact.id,
    alias: branchContact.alias,
    name: branchContact.name,
    logoUrl: branchLogoUrl(branchContact.branch),
    timeZone: branchContact.timezone,
    country,
    colorConfig: branchContact.branch.generalConfig.colorConfig,
    fontFamily: branchContact.branch.generalConfig.fontFamily,
  };
  return (
    <RiderLayout location={location} scheme={scheme} brand={brand}>
      {children(location)}
    </RiderLayout>
  );
}
