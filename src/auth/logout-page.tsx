// /logout: signs out (POST /logout, message as a success notice), then shows the login page.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { logoutAndReset } from './session';

export function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logoutAndReset((to, options) => navigate(to, options), '/logout').then(() =>
      navigate('/login', { replace: true }),
    );
  }, [navigate]);

  return <PageLoader />;
}
