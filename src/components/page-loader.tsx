import { Spinner } from '@blueprintjs/core';
import { useTranslation } from '../i18n';

/** Shown while a lazy route or the current user loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="hw-page-loader" role="status" aria-label={t('common.loading')}>
      <Spinner size={32} />
    </div>
  );
}
