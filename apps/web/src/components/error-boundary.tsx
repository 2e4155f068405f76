import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

/** Catches a render or chunk-load failure and shows the error screen: never a blank page. */
export class ErrorBoundary extends Component<
  { children: ReactNode; onError?: (error: unknown, info: ErrorInfo) => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error);
    this.props.onError?.(error, info);
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
