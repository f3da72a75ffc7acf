import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from './providers/auth-provider';
import { peekReturnPath } from '../lib/return-path';

/**
 * Protected routes: signed-out visitors go to /login (SPEC §2); a learner who has just pressed
 * "Cerrar Sesión" goes to /, where the sign-out itself is taking them (SPEC §4), not to /login.
 */
export function RequireAuth() {
  const { isAuthenticated, signedOutByLearner } = useAuth();
  return isAuthenticated ? <Outlet /> : <Navigate to={signedOutByLearner ? '/' : '/login'} replace />;
}

/** /, /login and /register: a signed-in learner goes straight to /dashboard (SPEC §2). */
export function PublicOnly() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Navigate to={peekReturnPath() ?? '/dashboard'} replace /> : <Outlet />;
}
