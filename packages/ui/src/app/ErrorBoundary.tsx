import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  /** What to show instead of the broken page. */
  readonly fallback: (retry: () => void) => ReactNode;
  /** A new value (the path) resets the boundary, so leaving a broken page recovers the app. */
  readonly resetKey: string;
  readonly children: ReactNode;
}

interface State {
  readonly failed: boolean;
  readonly key: string;
}

/**
 * Spec §8: a failure shows a message, never a white screen. React needs a class for this; it is
 * the only one in the app.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("page crashed", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
