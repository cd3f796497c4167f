import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { useSession } from '../features/auth/api/me.ts';
import { AuthLinkProvider } from '../features/auth/components/auth-link.tsx';
import { redirectTarget, signInPath } from '../features/auth/redirect.ts';
import { loadTexts, SIGNED_IN_TEXTS } from '../lib/i18n.ts';
import { useCurrentUser } from '../lib/session.ts';
import { PublicLayout } from './layouts/public-layout.tsx';

/**
 * The signed-in shell, with the texts of the signed-in screens, is fetched after sign-in: the sign-in
 * page does not carry it (docs/decisions/016-first-load-budget.md).
 */
const AppLayout = lazy(() =>
  Promise.all([import('./layouts/app-layout.tsx'), loadTexts(SIGNED_IN_TEXTS)]).then(([module]) => ({
    default: module.AppLayout,
  })),
);

/**
 * Auth screens: a signed-in user is sent to where the sign-in was asked for, else to /
 * (docs/product-rules.md#screens).
 */
export function SignedOutOnly() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  if (session === undefined) {
    return <FullScreenLoader />;
  }
  if (session) {
    return <Navigate to={redirectTarget(location.search)} replace />;
  }
  return (
    <AuthLinkProvider value={(to) => void navigate(to)}>
      <PublicLayout>
        <Outlet />
      </PublicLayout>
    </AuthLinkProvider>
  );
}

/**
 * Protected screens: without a user, go to sign-in, which returns here — path, query and place in the page
 * — once signed in; while the session loads, a full-screen loader.
 */
export function SignedInOnly() {
  const session = useSession();
  const location = useLocation();
  if (session === undefined) {
    return <FullScreenLoader />;
  }
  if (!session) {
    return <Navigate to={signInPath(location.pathname + location.search + location.hash)} replace />;
  }
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <AppLayout user={session} />
    </Suspense>
  );
}

/** Screens of the admin menu; others go to the patient list. */
export function AdminOnly() {
  return useCurrentUser().isAdmin ? <Outlet /> : <Navigate to="/patients" replace />;
}

/** Screens only doctors use (creating patients); admins go to the patient list. */
export function DoctorOnly() {
  return useCurrentUser().isAdmin ? <Navigate to="/patients" replace /> : <Outlet />;
}
