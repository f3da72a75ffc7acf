import { BrowserRouter } from 'react-router-dom';
import { AppToaster } from '../components/app-toaster';
import { ErrorBoundary } from '../components/error-boundary';
import { LoadingOverlay } from '../components/loading-overlay';
import { RequestIndicator } from '../components/request-indicator';
import { NavigationBridge } from './navigation-bridge';
import { ScrollRestoration } from './scroll-restoration';
import { AuthProvider } from './providers/auth-provider';
import { AppRoutes } from './routes';

/** The providers around every screen; tests mount <AppShell> inside their own router. */
export function AppShell() {
  return (
    <ErrorBoundary>
      <AuthProvider>
        <NavigationBridge />
        <ScrollRestoration />
        <AppRoutes />
        <LoadingOverlay />
        <RequestIndicator />
        <AppToaster />
      </AuthProvider>
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
