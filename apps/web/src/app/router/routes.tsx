import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../layout/app-layout.tsx';
import { RouteError } from './route-error.tsx';
import {
  AboutUsPage,
  AllTicketsPage,
  BlogListPage,
  CmsPage,
  ComingSoonPage,
  ContactUsPage,
  EventPage,
  GalleryDetailIndex,
  GalleryListPage,
  GalleryPage,
  EditWebformChildPage,
  FormsPage,
  JobDetailPage,
  MySubmissionPage,
  WebformChildPage,
  JobPage,
  JobsPage,
  LandingPage,
  PostPage,
  WebFormPage,
  SocialSharePage,
  PageBuilderByRoute,
  SiteEditorPage,
  SiteInboxPage,
  SitePreviewPage,
  BillingPage,
  AuditLogPage,
  CatalogAdminPage,
  OrganizersPage,
  EngagementTemplatesPage,
  LettersPage,
  ContactPage,
  ContactsPage,
  CreateTicketPage,
  DashboardPage,
  EditProfilePage,
  ProfilePage,
  ConfirmEmailPage,
  StaffPage,
  ClientImportPage,
  AcceptInvitationPage,
  JoinHouseholdPage,
  HomePage,
  MyTicketsPage,
  NotFoundPage,
  NotificationsPage,
  OpenTicketsPage,
  QuestionnairePage,
  ReferralPage,
  ReferralTreePage,
  RegisterPage,
  IndividualRegisterFormPage,
  BusinessRegisterFormPage,
  ResetPasswordPage,
  SecurityPage,
  SharedInvoicePage,
  SharedDocumentsPage,
  OffersPage,
  ConsentsPage,
  ConsentPage,
  TicketPage,
  VaultPage,
} from './pages.ts';
import type { OpenedByLink, RenderedForReader } from './page-modules.ts';
import { RequireSession } from './require-session.tsx';
import type { PageData } from './route-data.ts';

/** The handle of a page the server renders for the person signed in (entry-server.tsx, page-modules.ts). */
const rendered = (
  reader: RenderedForReader['renderedFor']['reader'],
  page: RenderedForReader['renderedFor']['page'],
): RenderedForReader => ({ renderedFor: { reader, page } });

/** A page a secret link opens: drawn by the browser, never rendered (and kept) on the server (page-modules.ts). */
const openedByLink: OpenedByLink = { openedByLink: true };

/** The ticket page: rendered for its customer, its data asked for at navigation (route-data.ts). */
const ticketHandle: RenderedForReader & PageData = { ...rendered('customer', 'ticket'), data: 'ticket' };

/** The public site (features/cms): pages, blog, galleries, events, openings and web forms from the CMS. */
const SITE_ROUTES: RouteObject[] = [
  { path: 'p/:page_route', element: <CmsPage /> },
  { path: 'about-us', element: <AboutUsPage /> },
  { path: 'contact-us', element: <ContactUsPage /> },
  { path: 'coming-soon', element: <ComingSoonPage /> },
  { path: 'landing-page', element: <LandingPage /> },
  { path: 'list', element: <BlogListPage /> },
  { path: 'list/:page_route', element: <BlogListPage /> },
  // detail/{slug}, detail/blog/{slug}, detail/blog/{category}/{slug}: a post (PostPage reads the levels).
  { path: 'detail/:page_route', element: <PostPage /> },
  { path: 'detail/:page_route/:page_route_1', element: <PostPage /> },
  { path: 'detail/:page_route/:page_route_1/:page_route_2', element: <PostPage /> },
  { path: 'gallery-list', element: <GalleryListPage /> },
  { path: 'gallery-detail', element: <GalleryDetailIndex /> },
  { path: 'gallery-detail/:id', element: <GalleryPage /> },
  { path: 'events/:events', element: <EventPage /> },
  { path: 'seeker', element: <JobsPage /> },
  { path: 'seeker/:route', element: <JobPage /> },
  { path: 'job-detail', element: <JobDetailPage /> },
  // Web forms, and a signed-in visitor's own submissions (forms/{form}/{id}; webform-child and
  // edit-webformchild take ?submission={id} and lead to forms without one: features/cms/my-submissions.tsx).
  { path: 'forms', element: <FormsPage /> },
  { path: 'forms/:route', element: <WebFormPage /> },
  { path: 'forms/:doc_type/:route', element: <MySubmissionPage /> },
  { path: 'webform-child', element: <WebformChildPage /> },
  { path: 'edit-webformchild', element: <EditWebformChildPage /> },
  { path: 'new/:page_route', element: <WebFormPage /> },
  { path: 'social-share', element: <SocialSharePage /> },
];

export const routes: RouteObject[] = [
  // The site editor's preview frame: the public site's frame and blocks only, without the portal's layout.
  { path: 'admin/site/preview', element: <SitePreviewPage />, errorElement: <RouteError /> },
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    // A page that fails to draw shows RouteError inside the layout: header and menus stay.
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'home', element: <HomePage /> },
          { path: 'home/:id', element: <HomePage /> },
          { path: 'p/home', element: <Navigate to="/" replace /> },
          { path: 'login', element: <Navigate to="/register" replace /> },
          { path: 'register', element: <RegisterPage /> },
          // SPEC's register-form/{type}: individual or business; any other type is the not-found page ('*').
          { path: 'register-form', element: <Navigate to="/register-form/individual" replace /> },
          { path: 'register-form/individual', element: <IndividualRegisterFormPage /> },
          { path: 'register-form/business', element: <BusinessRegisterFormPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          // SPEC §2 lists billing among the public routes: the page itself asks a signed-out visitor to sign in.
          { path: 'billing', element: <BillingPage />, handle: rendered('customer', 'billing') },
          { path: 'billing/shared/:token', element: <SharedInvoicePage />, handle: openedByLink },
          // A ticket's documents shared with a third party under the client's consent (issue 33 item 4).
          { path: 'shared/:token', element: <SharedDocumentsPage />, handle: openedByLink },
          { path: 'billing/:id', element: <BillingPage />, handle: rendered('customer', 'billing') },
          { path: 'edit-profile', element: <EditProfilePage /> },
          // SPEC §2: not guarded; the page sends a signed-out visitor to sign in. The first id names the tab.
          { path: 'my-profile/:id_1?/:id_2?/:ticket_id?', element: <ProfilePage /> },
          // From mailed links: the token is the proof, whoever is signed in.
          { path: 'confirm-email', element: <ConfirmEmailPage /> },
          { path: 'accept-invitation', element: <AcceptInvitationPage /> },
          { path: 'join-household', element: <JoinHouseholdPage /> },
          ...SITE_ROUTES,
          // The site in Spanish (issue 31): the same pages under /es, drawn in Spanish (site-language.ts).
          { path: 'es', children: [{ index: true, element: <HomePage /> }, ...SITE_ROUTES] },
          {
            element: <RequireSession />,
            children: [
              { path: 'dashboard', element: <DashboardPage />, handle: rendered('customer', 'dashboard') },
              { path: 'security', element: <SecurityPage /> },
              { path: 'create-ticket', element: <CreateTicketPage /> },
              { path: 'create-ticket/:id', element: <CreateTicketPage /> },
              { path: 'my-tickets', element: <MyTicketsPage />, handle: rendered('customer', 'myTickets') },
              { path: 'my-tickets/:id', element: <TicketPage />, handle: ticketHandle },
              // SPEC §2: ticket rows link to /form/message/{ticket name}.
              { path: 'form/:id/:ticket_id', element: <TicketPage />, handle: ticketHandle },
              { path: 'all-tickets', element: <AllTicketsPage />, handle: rendered('staff', 'allTickets') },
              { path: 'open-tickets', element: <OpenTicketsPage /> },
              { path: 'notifications', element: <NotificationsPage /> },
              { path: 'contacts', element: <ContactsPage /> },
              { path: 'contacts/:id', element: <ContactPage /> },
              { path: 'admin/catalog', element: <CatalogAdminPage /> },
              { path: 'admin/organizers/:id?', element: <OrganizersPage /> },
              { path: 'admin/engagement-templates/:id?', element: <EngagementTemplatesPage /> },
              // Engagement letters (docs/decisions/0036): staff's list and new letter, a client's letters to sign.
              { path: 'letters/:id?', element: <LettersPage /> },
              { path: 'admin/client-imports/:id?', element: <ClientImportPage /> },
              { path: 'admin/offers', element: <OffersPage /> },
              { path: 'consents', element: <ConsentsPage /> },
              { path: 'consents/:id', element: <ConsentPage /> },
              { path: 'admin/audit-log', element: <AuditLogPage /> },
              { path: 'admin/staff', element: <StaffPage /> },
              // The public site's inbox (staff).
              { path: 'inbox', element: <SiteInboxPage /> },
              { path: 'inbox/:kind/:id', element: <SiteInboxPage /> },
              { path: 'admin/site', element: <SiteEditorPage /> },
              { path: 'admin/site/:section', element: <SiteEditorPage /> },
              { path: 'admin/site/:section/:id', element: <SiteEditorPage /> },
              // SPEC's page builder routes.
              { path: 'c', element: <Navigate to="/admin/site/pages" replace /> },
              { path: 'c/:page_route', element: <PageBuilderByRoute /> },
              { path: 'vault', element: <VaultPage />, handle: rendered('customer', 'vault') },
              { path: 'form-wizards', element: <QuestionnairePage /> },
              { path: 'form/:id', element: <QuestionnairePage /> },
              { path: 'referral', element: <ReferralPage /> },
              { path: 'grid/:route', element: <ReferralTreePage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
