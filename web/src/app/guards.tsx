import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from './providers/auth-provider';

/** Protected routes: signed-out visitors go to /login (SPEC §2). */
export function RequireAuth() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Outlet /> : <Navigate to="/login" replace />;
}

/** /, /login and /register: a signed-in learner goes straight to /dashboard (SPEC §2). */
export function PublicOnly() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Navigate to="/dashboard" replace /> : <Outlet />;
}
