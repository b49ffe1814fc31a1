// Keeps <body> and <html> in step with the dark mode choice and, for "auto", with the system setting.
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { applyTheme, darkMediaQuery, isDarkAtom, systemDarkAtom } from '../state/theme';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const dark = useAtomValue(isDarkAtom);
  const setSystemDark = useSetAtom(systemDarkAtom);

  useEffect(() => {
    const media = darkMediaQuery();
    if (!media) return;
    const update = () => setSystemDark(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, [setSystemDark]);

  useEffect(() => applyTheme(dark), [dark]);

  return children;
}
