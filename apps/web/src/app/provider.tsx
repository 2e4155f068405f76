import type { ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast';

/** App-wide providers. */
export function AppProvider({ children }: { children: ReactNode }) {
  return <ToastProvider>{children}</ToastProvider>;
}
