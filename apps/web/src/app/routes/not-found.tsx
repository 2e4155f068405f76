import { useSearchParams } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { useBranchTheme } from '../../lib/theme';

/** Catch-all page; shows the `message` query when one is given ('Acceso denegado o link expirado'). */
export function NotFoundRoute() {
  const [params] = useSearchParams();
  // No branch here: the product's colours, in the light or dark the diner chose.
  useBranchTheme(null);
  return (
    <ErrorScreen
      title="Página no encontrada"
      message={params.get('message') ?? 'La página que buscas no existe.'}
    />
  );
}
