import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../layout/app-layout.tsx';
import {
  AllTicketsPage,
  BillingPage,
  AuditLogPage,
  CatalogAdminPage,
  ContactPage,
  ContactsPage,
  CreateTicketPage,
  DashboardPage,
  EditProfilePage,
  HomePage,
  MyTicketsPage,
  NotAvailableYetPage,
  NotFoundPage,
  NotificationsPage,
  OpenTicketsPage,
  QuestionnairePage,
  RegisterPage,
  ResetPasswordPage,
  SharedInvoicePage,
  TicketPage,
  VaultPage,
} from './pages.ts';
import { RequireSession } from './require-session.tsx';
import { GUARDED_PLACEHOLDER_PATHS, PUBLIC_PLACEHOLDER_PATHS } from './route-paths.ts';

const placeholder = (path: string): RouteObject => ({ path, element: <NotAvailableYetPage /> });

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'home', element: <HomePage /> },
      { path: 'home/:id', element: <HomePage /> },
      { path: 'p/home', element: <Navigate to="/" replace /> },
      { path: 'login', element: <Navigate to="/register" replace /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      // SPEC §2 lists billing among the public routes: the page itself asks a signed-out visitor to sign in.
      { path: 'billing', element: <BillingPage /> },
      { path: 'billing/shared/:token', element: <SharedInvoicePage /> },
      { path: 'billing/:id', element: <BillingPage /> },
      { path: 'edit-profile', element: <EditProfilePage /> },
      ...PUBLIC_PLACEHOLDER_PATHS.map(placeholder),
      {
        element: <RequireSession />,
        children: [
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'create-ticket', element: <CreateTicketPage /> },
          { path: 'create-ticket/:id', element: <CreateTicketPage /> },
          { path: 'my-tickets', element: <MyTicketsPage /> },
          { path: 'my-tickets/:id', element: <TicketPage /> },
          // SPEC §2: ticket rows link to /form/message/{ticket name}.
          { path: 'form/:id/:ticket_id', element: <TicketPage /> },
          { path: 'all-tickets', element: <AllTicketsPage /> },
          { path: 'open-tickets', element: <OpenTicketsPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'contacts', element: <ContactsPage /> },
          { path: 'contacts/:id', element: <ContactPage /> },
          { path: 'admin/catalog', element: <CatalogAdminPage /> },
          { path: 'admin/audit-log', element: <AuditLogPage /> },
          { path: 'vault', element: <VaultPage /> },
          { path: 'form-wizards', element: <QuestionnairePage /> },
          { path: 'form/:id', element: <QuestionnairePage /> },
          ...GUARDED_PLACEHOLDER_PATHS.map(placeholder),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
