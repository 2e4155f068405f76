import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../stores/entry-params-store';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** Renders the app (loaded by main.tsx once the storefront's reads are under way). */
export function appRender(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}
