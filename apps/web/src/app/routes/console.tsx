import { ConsoleApp } from '../../features/console/components/console-app';
import '../../features/console/console.css';

/** `/console`: the orders console for the venue's staff (its own chunk, loaded on demand). */
export function ConsoleRoute() {
  return <ConsoleApp />;
}
