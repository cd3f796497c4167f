import { createBrowserRouter, Navigate } from 'react-router';
import { AdminOnly, DoctorOnly, SignedInOnly, SignedOutOnly } from './guards.tsx';

/**
 * The screens' routes (docs/product-rules.md#screens); every screen's code is loaded on demand, so sign-in
 * does not carry the rest.
 */
export const router = createBrowserRouter([
  {
    path: '/auth',
    element: <SignedOutOnly />,
    children: [
      { index: true, element: <Navigate to="/auth/login" replace /> },
      { path: 'login', lazy: () => import('../features/auth/routes/login-page.tsx') },
      { path: 'forgot-password', lazy: () => import('../features/auth/routes/forgot-password-page.tsx') },
      { path: 'reset-password', lazy: () => import('../features/auth/routes/reset-password-page.tsx') },
    ],
  },
  {
    path: '/',
    element: <SignedInOnly />,
    children: [
      { index: true, element: <Navigate to="/patients" replace /> },
      { path: 'patients', lazy: () => import('../features/patients/routes/patients-page.tsx') },
      { path: 'patient/:patientId', lazy: () => import('../features/patients/routes/patient-page.tsx') },
      {
        path: 'edit-patient/:patientId/:step?',
        lazy: () => import('../features/patients/routes/patient-wizard-page.tsx'),
      },
      {
        element: <DoctorOnly />,
        children: [
          {
            path: 'new-patient/:step?',
            lazy: () => import('../features/patients/routes/patient-wizard-page.tsx'),
          },
        ],
      },
      {
        element: <AdminOnly />,
        children: [
          { path: 'users', lazy: () => import('../features/users/routes/users-page.tsx') },
          {
            path: 'institutions',
            lazy: () => import('../features/institutions/routes/institutions-page.tsx'),
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/patients" replace /> },
]);
