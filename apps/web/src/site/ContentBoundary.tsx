import { Component, type ReactNode } from 'react';
import { forgetFailures } from './publicData.ts';

interface Props {
  children: ReactNode;
  /** Shown when the content could not be loaded; given a retry that asks the server again. */
  fallback: (retry: () => void) => ReactNode;
  /** A change (of the address, say) clears the failure. */
  resetKey?: string;
}

interface State {
  failed: boolean;
  key: string | undefined;
}

/** Keeps a failed content request from breaking the page: the rest of the site stays usable. */
export class ContentBoundary extends Component<Props, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  private readonly retry = () => {
    forgetFailures();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
