import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from './crash-screen';

interface State {
  failed: boolean;
}

/** Shows the crash screen instead of a blank page when rendering throws. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page crashed', error, info.componentStack);
  }

  reset = () => {
    this.setState({ failed: false });
    window.location.reload();
  };

  render() {
    return this.state.failed ? <CrashScreen onRetry={this.reset} /> : this.props.children;
  }
}
