import { Link, Navigate } from 'react-router';
import { appIsInstalled, appLastStorefront } from '../../lib/app-environment';

export function HomeRoute() {
  // The installed app starts at '/': it reopens the storefront the diner installed it from.
  const last = appIsInstalled() ? appLastStorefront() : null;
  if (last) return <Navigate to={last} replace />;
  return (
    <main className="page page--center">
      <h1 className="brand-title">Comanda</h1>
      <p className="muted">Pedidos online para restaurantes.</p>
      <p>
        <Link className="button" to="/menu/brasa">
          Ver el local de demostración
        </Link>
      </p>
    </main>
  );
}
