// Shown when a route fails to render or its code cannot be loaded (e.g. after a deploy removed old chunks).
import { Button, NonIdealState } from '@blueprintjs/core';
import { Error as ErrorIcon } from '@blueprintjs/icons';
import { Component, type ReactNode } from 'react';
import { useTranslation } from '../i18n';

function isChunkError(error: unknown): boolean {
  return (
    error instanceof Error && /dynamically imported module|Importing a module script failed|chunk/i.test(error.message)
  );
}

/** A screen's code gone after a deploy asks for a reload; one that did not arrive (offline, 120 s) names the network. */
const titleKey = (error: unknown) =>
  !isChunkError(error)
    ? 'errors.unexpected'
    : (error as Error).name === 'ChunkTimeout' || !navigator.onLine
      ? 'errors.network'
      : 'errors.chunkLoad';

export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <main className="hw-center-page">
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={t(titleKey(error))}
        action={<Button intent="primary" onClick={() => window.location.reload()} text={t('common.reload')} />}
      />
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next navigation) clears a caught error. */
  resetKey: string;
}
interface BoundaryState {
  error: unknown;
  /** The resetKey the error was caught under. */
  failedAt: string | null;
}

/** The routes' error boundary (React logs the error): shows RouteError until the location changes. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.resetKey };
    return state.failedAt === props.resetKey ? null : { error: null, failedAt: null };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}
