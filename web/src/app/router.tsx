import { createBrowserRouter, Navigate } from 'react-router';
import { loadTexts } from '../lib/i18n.ts';
import { AdminOnly, DoctorOnly, SignedInOnly, SignedOutOnly } from './guards.tsx';
import { lazyScreen } from './lazy-screen.tsx';
import { RouteError } from './route-error.tsx';

/** An imports screen, with the imports' texts: fetched with it, since no other screen shows them. */
const withImportTexts =
  <M,>(load: () => Promise<M>) =>
  () =>
    Promise.all([load(), loadTexts(['imports'])]).then(([module]) => module);

/**
 * The screens' routes (docs/product-rules.md#screens); every screen's code is loaded on demand, so sign-in
 * does not carry the rest, with a loading indicator meanwhile (lazy-screen.tsx). An error in any of them
 * shows the app's own error screen (route-error.tsx). Made when the app starts (app.tsx), at the address
 * the browser is at then.
 */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      path: '/auth',
      element: <SignedOutOnly />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <Navigate to="/auth/login" replace /> },
        { path: 'login', ...lazyScreen(() => import('../features/auth/routes/login-page.tsx')) },
        {
          path: 'forgot-password',
          ...lazyScreen(() => import('../features/auth/routes/forgot-password-page.tsx')),
        },
        {
          path: 'reset-password',
          ...lazyScreen(() => import('../features/auth/routes/reset-password-page.tsx')),
        },
      ],
    },
    {
      path: '/',
      element: <SignedInOnly />,
      errorElement: <RouteError />,
      children: [
        { index: true, ...lazyScreen(() => import('../features/outcomes/routes/home-page.tsx')) },
        { path: 'outcomes', ...lazyScreen(() => import('../features/outcomes/routes/outcomes-page.tsx')) },
        { path: 'follow-up', ...lazyScreen(() => import('../features/outcomes/routes/follow-up-page.tsx')) },
        { path: 'patients', ...lazyScreen(() => import('../features/patients/routes/patients-page.tsx')) },
        { path: 'queries', ...lazyScreen(() => import('../features/quality/routes/queries-page.tsx')) },
        {
          path: 'codebook',
          // Its texts are its own: fetched with its code, not with the signed-in shell.
          ...lazyScreen(() =>
            Promise.all([
              import('../features/codebook/routes/codebook-page.tsx'),
              loadTexts(['codebook']),
            ]).then(([module]) => module),
          ),
        },
        {
          path: 'imports',
          ...lazyScreen(withImportTexts(() => import('../features/imports/routes/imports-page.tsx'))),
        },
        {
          path: 'imports/new',
          ...lazyScreen(withImportTexts(() => import('../features/imports/routes/new-import-page.tsx'))),
        },
        {
          path: 'imports/:importId',
          ...lazyScreen(withImportTexts(() => import('../features/imports/routes/import-page.tsx'))),
        },
        {
          path: 'patient/:patientId',
          ...lazyScreen(() => import('../features/patients/routes/patient-page.tsx')),
        },
        {
          path: 'edit-patient/:patientId/:step?',
          ...lazyScreen(() => import('../features/patients/routes/patient-wizard-page.tsx')),
        },
        {
          element: <DoctorOnly />,
          children: [
            {
              path: 'new-patient/:step?',
              ...lazyScreen(() => import('../features/patients/routes/patient-wizard-page.tsx')),
            },
          ],
        },
        {
          element: <AdminOnly />,
          children: [
            { path: 'users', ...lazyScreen(() => import('../features/users/routes/users-page.tsx')) },
            {
              path: 'institutions',
              ...lazyScreen(() => import('../features/institutions/routes/institutions-page.tsx')),
            },
            { path: 'audit', ...lazyScreen(() => import('../features/audit/routes/audit-page.tsx')) },
            { path: 'quality', ...lazyScreen(() => import('../features/quality/routes/quality-page.tsx')) },
            {
              // The datasets' screens route among themselves, and bring their own texts (datasets-routes.tsx).
              path: 'datasets/*',
              ...lazyScreen(() => import('../features/datasets/routes/datasets-routes.tsx')),
            },
          ],
        },
      ],
    },
    { path: '*', element: <Navigate to="/patients" replace /> },
  ]);
