// Login, 2FA and registration: a visitor already signed in goes to ?redirect= or home (docs/domain/browser-app.md,
// "Routes and guards").
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../auth/paths';
import { loggedInAtom } from '../state/session';

export function GuestOnly({ children }: { children: ReactNode }) {
  const loggedIn = useAtomValue(loggedInAtom);
  const [searchParams] = useSearchParams();
  // Judged on arrival only: after a successful login the page itself decides where to go next.
  const [signedInOnArrival] = useState(loggedIn);
  if (signedInOnArrival) return <Navigate to={safeRedirect(searchParams.get('redirect')) ?? '/'} replace />;
  return children;
}
