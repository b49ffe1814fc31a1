// Protected pages (docs/domain/browser-app.md, "Routes and guards"): the login flag, confirmed by GET /user, and accepted terms.
// A tab without the flag (a second tab, a link from a mail) asks GET /user first: the session cookie is the browser's.
// Also provides the react-query cache, which the guest pages do not need (it loads with the first protected page).
import { Button, NonIdealState } from '@blueprintjs/core';
import { Error as ErrorIcon } from '@blueprintjs/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { use, useEffect, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../api/queries';
import { queryClient } from '../api/query-client';
import { loginPath, withRedirect } from '../auth/paths';
import { PageLoader } from '../components/page-loader';
import { loggedInAtom, loggingOutAtom, sessionKnownAtom, setLoggedIn } from '../state/session';

// Offline (docs/decisions.md, "Installable and offline"): its code loads beside the first screen; when this session
// stored what it read, the guard waits until that is back (the user among it: a reload without signal still works).
let restored = false;
const offline = import('../offline/offline-layer')
  .then((m) => m.startOffline(queryClient))
  .catch(() => undefined)
  .then(() => void (restored = true));

interface Props {
  children: ReactNode;
  /** /terms itself is reachable before the terms are accepted. */
  allowPendingTerms?: boolean;
}

function Guard({ children, allowPendingTerms = false }: Props) {
  const { t } = useTranslation();
  const loggedIn = useAtomValue(loggedInAtom);
  const loggingOut = useAtomValue(loggingOutAtom);
  const sessionKnown = useAtomValue(sessionKnownAtom);
  const location = useLocation();
  // not told yet on this page: the server says (a 401 sets the flag to false through the HTTP client's handler)
  const asking = !loggedIn && !sessionKnown && !loggingOut;
  const { data: user, isError, refetch, isFetching } = useCurrentUser(asking);
  const wanted = location.pathname + location.search;
  useEffect(() => {
    if (asking && user) setLoggedIn(true);
  }, [asking, user]);
  if (!restored && sessionStorage.getItem('hauswerk.sessionCache')) use(offline);

  if (!loggedIn && !asking) return <Navigate to={loggingOut ? '/login' : loginPath(wanted)} replace />;
  if (!user) {
    if (isError) {
      return (
        <NonIdealState
          icon={<ErrorIcon size={48} />}
          title={t('errors.userLoadFailed')}
          action={<Button loading={isFetching} onClick={() => void refetch()} text={t('common.retry')} />}
        />
      );
    }
    return <PageLoader />;
  }
  if (!loggedIn) return <PageLoader />;
  if (!user.terms_accepted && !allowPendingTerms) {
    return <Navigate to={withRedirect('/terms', wanted === '/' ? null : wanted)} replace />;
  }
  return children;
}

export function RequireAuth(props: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <Guard {...props} />
    </QueryClientProvider>
  );
}
