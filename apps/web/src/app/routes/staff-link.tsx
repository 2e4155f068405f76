import { StaffLinkPage } from '../../features/manage/components/staff-link-page';
import '../../features/console/console.css';

/** `/console/clave`: choose a staff password through a one-time link (its own chunk; the console's styles). */
export function StaffLinkRoute() {
  return <StaffLinkPage />;
}
