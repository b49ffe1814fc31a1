// Shown when a route fails to render or its code cannot be loaded (e.g. after a deploy removed old chunks).
import { Button, NonIdealState } from '@blueprintjs/core';
import { Error as ErrorIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

function isChunkError(error: unknown): boolean {
  return (
    error instanceof Error && /dynamically imported module|Importing a module script failed|chunk/i.test(error.message)
  );
}

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <main className="hw-center-page">
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={t(isChunkError(error) ? 'errors.chunkLoad' : 'errors.unexpected')}
        action={<Button intent="primary" onClick={() => window.location.reload()} text={t('common.reload')} />}
      />
    </main>
  );
}
