import { useSearchParams } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';

/** Catch-all page; shows the `message` query when one is given ('Acceso denegado o link expirado'). */
export function NotFoundRoute() {
  const [params] = useSearchParams();
  return (
    <ErrorScreen
      title="Página no encontrada"
      message={params.get('message') ?? 'La página que buscas no existe.'}
    />
  );
}
