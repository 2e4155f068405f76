import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

/** Catches a render or chunk-load failure and shows the error screen: never a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (this.state.failed) {
      return (
        <ErrorScreen
          title="Algo salió mal"
          message="No pudimos mostrar esta página. Inténtalo de nuevo en unos minutos."
        />
      );
    }
    return this.props.children;
  }
}
