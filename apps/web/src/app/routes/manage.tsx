import { ManageApp } from '../../features/manage/components/manage-app';
import '../../features/console/console.css';
import '../../features/manage/manage.css';

/** `/console/gestion`: the venue's management screens (their own chunk; the console's layout styles). */
export function ManageRoute() {
  return <ManageApp />;
}
