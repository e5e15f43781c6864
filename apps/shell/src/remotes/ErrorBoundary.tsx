import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useErrorLogStore } from '../errorlog/error-log-store';

interface Props {
  fallback: (error: Error, reset: () => void) => ReactNode;
  children: ReactNode;
}

/** Catches render errors of one tab: logs them (docs/front-end.md#the-shells-frame) and shows the fallback
 * inside the tab. */
export class ErrorBoundary extends Component<Props, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    useErrorLogStore.getState().add(error, info.componentStack ?? '');
  }

  reset = () => this.setState({ error: undefined });

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
