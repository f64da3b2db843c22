import { lazy, type ComponentType } from 'react';
import { loadVaultPage } from '../../features/documents/index.ts';
import { loadEditProfilePage } from '../../features/profile/index.ts';
import { loadQuestionnairePage } from '../../features/questionnaire/index.ts';

// Each page is its own chunk; the shell (layout, menus, dialogs) stays in the entry.
export const HomePage = lazy(() => import('../../features/cms/home-page.tsx').then((m) => ({ default: m.HomePage })));
export const RegisterPage = lazy(() =>
  import('../../features/auth/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('../../features/auth/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
export const NotAvailableYetPage = lazy(() =>
  import('../../features/placeholder/not-available-yet-page.tsx').then((m) => ({ default: m.NotAvailableYetPage })),
);
export const NotFoundPage = lazy(() =>
  import('../../features/placeholder/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

export const CreateTicketPage = page(() => import('../../features/tickets/create-ticket-page.tsx'), 'CreateTicketPage');
export const MyTicketsPage = page(() => import('../../features/tickets/my-tickets-page.tsx'), 'MyTicketsPage');
export const AllTicketsPage = page(() => import('../../features/tickets/all-tickets-page.tsx'), 'AllTicketsPage');
export const OpenTicketsPage = page(() => import('../../features/tickets/open-tickets-page.tsx'), 'OpenTicketsPage');
export const NotificationsPage = page(
  () => import('../../features/notifications/notifications-page.tsx'),
  'NotificationsPage',
);
export const ContactsPage = page(() => import('../../features/contacts/contacts-page.tsx'), 'ContactsPage');
export const ContactPage = page(() => import('../../features/contacts/contact-page.tsx'), 'ContactPage');
export const CatalogAdminPage = page(() => import('../../features/catalog/catalog-admin-page.tsx'), 'CatalogAdminPage');
export const BillingPage = page(() => import('../../features/billing/billing-page.tsx'), 'BillingPage');
export const SharedInvoicePage = page(
  () => import('../../features/billing/shared-invoice-page.tsx'),
  'SharedInvoicePage',
);
export const VaultPage = page(loadVaultPage, 'VaultPage');
export const QuestionnairePage = page(loadQuestionnairePage, 'QuestionnairePage');
export const EditProfilePage = page(loadEditProfilePage, 'EditProfilePage');
export { DashboardPage, TicketPage } from './composed-pages.tsx';
