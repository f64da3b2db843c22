import { Component, type ReactNode } from 'react';

/**
 * A part of a page that failed to draw (content the contract let through before it knew better, a stored address or
 * zone that no longer draws) leaves `fallback` in its place, nothing by default, and the rest of the page stands:
 * never the router's error screen, never a stack trace. `resetKey` draws it again when what it shows changes.
 */
export class QuietBoundary extends Component<
  { fallback?: ReactNode; resetKey?: unknown; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(previous: { resetKey?: unknown }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
