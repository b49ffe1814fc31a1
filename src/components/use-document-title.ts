// The browser tab's title for a screen: "<screen> · Hauswerk", in the current language.
import { useEffect } from 'react';
import { useTranslation } from '../i18n';

/** `null`: the screen is shown inside another one, whose title stays. */
export function useDocumentTitle(title: string | null): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (title === null) return;
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
}
