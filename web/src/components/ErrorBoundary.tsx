import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Shown when a page's code fails to load or render (a lost connection while a
 * chunk downloads, or a new deploy). Keyed by path where it is used, so the
 * next navigation starts fresh.
 */
export class ErrorBoundary extends Component<Props, State> {
  // set in the constructor, not a class field: a field costs the home page the bundler's defineProperty helper
  constructor(props: Props) {
    super(props);
    this.state = { failed: false };
  }

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page page--narrow page--center">
        <h1>Something went wrong</h1>
        <p>This page could not be loaded. Check your connection and try again.</p>
        <p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Reload the page
          </button>{' '}
          <a href="/">Back to home</a>
        </p>
      </div>
    );
  }
}
