import { type ComponentType } from 'react';
import { loadAuditLogPage } from '../../features/audit-log/index.ts';
import {
  loadRegisterFormPage,
  loadRegisterPage,
  loadResetPasswordPage,
  loadSecurityPage,
} from '../../features/auth/index.ts';
import { loadBillingPage, loadSharedInvoicePage } from '../../features/billing/index.ts';
import { loadCatalogAdminPage } from '../../features/catalog/index.ts';
import { loadClientImportPage } from '../../features/client-import/index.ts';
import {
  loadHomePage,
  loadSiteEditor,
  loadSiteInbox,
  loadSitePages,
  loadSitePreview,
} from '../../features/cms/index.ts';
import { loadConsentPage, loadConsentsPage } from '../../features/consents/index.ts';
import { loadContactPage, loadContactsPage } from '../../features/contacts/index.ts';
import { loadVaultPage } from '../../features/documents/index.ts';
import { loadNotificationsPage } from '../../features/notifications/index.ts';
import { loadOrganizerBuilderPage } from '../../features/organizer-builder/index.ts';
import { loadEngagementTemplatesPage, loadLettersPage } from '../../features/engagement/index.ts';
import { loadNotFoundPage } from '../../features/placeholder/index.ts';
import { loadConfirmEmailPage, loadEditProfilePage, loadProfilePage } from '../../features/profile/index.ts';
import { loadJoinHouseholdPage } from '../../features/households/index.ts';
import { loadAcceptInvitationPage, loadStaffPage } from '../../features/staff/index.ts';
import { loadQuestionnairePage } from '../../features/questionnaire/index.ts';
import { loadReferralPage, loadReferralTreePage } from '../../features/referrals/index.ts';
import { loadOffersPage, loadSharedDocumentsPage } from '../../features/third-party/index.ts';
import {
  loadAllTicketsPage,
  loadCreateTicketPage,
  loadMyTicketsPage,
  loadOpenTicketsPage,
} from '../../features/tickets/index.ts';

import { loadPortalTexts } from '../i18n/index.ts';
import { lazyPage } from './lazy-page.ts';

// Each page is its own chunk (features' entry points load them dynamically); the shell stays in the entry. A
// page of the portal comes with the portal's texts (i18n/portal-texts.ts); a public one, which anyone opens
// first, with what the first load has.
const publicPage = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazyPage(() => load().then((m) => ({ default: m[name] })));
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazyPage(() => Promise.all([load(), loadPortalTexts()]).then(([m]) => ({ default: m[name] })));

export const HomePage = publicPage(loadHomePage, 'HomePage');
export const RegisterPage = publicPage(loadRegisterPage, 'RegisterPage');
export const IndividualRegisterFormPage = page(loadRegisterFormPage, 'IndividualRegisterFormPage');
export const BusinessRegisterFormPage = page(loadRegisterFormPage, 'BusinessRegisterFormPage');
export const ResetPasswordPage = publicPage(loadResetPasswordPage, 'ResetPasswordPage');
export const SecurityPage = page(loadSecurityPage, 'SecurityPage');
export const NotFoundPage = publicPage(loadNotFoundPage, 'NotFoundPage');
export const CreateTicketPage = page(loadCreateTicketPage, 'CreateTicketPage');
export const MyTicketsPage = page(loadMyTicketsPage, 'MyTicketsPage');
export const AllTicketsPage = page(loadAllTicketsPage, 'AllTicketsPage');
export const OpenTicketsPage = page(loadOpenTicketsPage, 'OpenTicketsPage');
export const NotificationsPage = page(loadNotificationsPage, 'NotificationsPage');
export const ContactsPage = page(loadContactsPage, 'ContactsPage');
export const ContactPage = page(loadContactPage, 'ContactPage');
export const CatalogAdminPage = page(loadCatalogAdminPage, 'CatalogAdminPage');
export const OrganizersPage = page(loadOrganizerBuilderPage, 'OrganizersPage');
export const EngagementTemplatesPage = page(loadEngagementTemplatesPage, 'EngagementTemplatesPage');
export const LettersPage = page(loadLettersPage, 'LettersPage');
export const AuditLogPage = page(loadAuditLogPage, 'AuditLogPage');
export const BillingPage = page(loadBillingPage, 'BillingPage');
export const SharedInvoicePage = page(loadSharedInvoicePage, 'SharedInvoicePage');
// A third party's link to a ticket's documents (no sign-in), and Admin's offers (issue 33 item 4).
export const SharedDocumentsPage = page(loadSharedDocumentsPage, 'SharedDocumentsPage');
export const OffersPage = page(loadOffersPage, 'OffersPage');
// §7216 consents (issue 33 item 3): a client's own to read, sign and revoke; staff all.
export const ConsentsPage = page(loadConsentsPage, 'ConsentsPage');
export const ConsentPage = page(loadConsentPage, 'ConsentPage');
export const VaultPage = page(loadVaultPage, 'VaultPage');
export const QuestionnairePage = page(loadQuestionnairePage, 'QuestionnairePage');
export const EditProfilePage = page(loadEditProfilePage, 'EditProfilePage');
export const ProfilePage = page(loadProfilePage, 'ProfilePage');
export const ConfirmEmailPage = page(loadConfirmEmailPage, 'ConfirmEmailPage');
export const StaffPage = page(loadStaffPage, 'StaffPage');
export const ClientImportPage = page(loadClientImportPage, 'ClientImportPage');
export const AcceptInvitationPage = page(loadAcceptInvitationPage, 'AcceptInvitationPage');
export const JoinHouseholdPage = page(loadJoinHouseholdPage, 'JoinHouseholdPage');
export const ReferralPage = page(loadReferralPage, 'ReferralPage');
export const ReferralTreePage = page(loadReferralTreePage, 'ReferralTreePage');
// The public site: one chunk, loaded by its first page.
export const CmsPage = publicPage(loadSitePages, 'CmsPage');
export const AboutUsPage = publicPage(loadSitePages, 'AboutUsPage');
export const ContactUsPage = publicPage(loadSitePages, 'ContactUsPage');
export const ComingSoonPage = publicPage(loadSitePages, 'ComingSoonPage');
export const LandingPage = publicPage(loadSitePages, 'LandingPage');
export const BlogListPage = publicPage(loadSitePages, 'BlogListPage');
export const PostPage = publicPage(loadSitePages, 'PostPage');
export const GalleryPage = publicPage(loadSitePages, 'GalleryPage');
export const GalleryDetailIndex = publicPage(loadSitePages, 'GalleryDetailIndex');
export const JobDetailPage = publicPage(loadSitePages, 'JobDetailPage');
export const FormsPage = publicPage(loadSitePages, 'FormsPage');
export const MySubmissionPage = publicPage(loadSitePages, 'MySubmissionPage');
export const WebformChildPage = publicPage(loadSitePages, 'WebformChildPage');
export const EditWebformChildPage = publicPage(loadSitePages, 'EditWebformChildPage');
export const GalleryListPage = publicPage(loadSitePages, 'GalleryListPage');
export const EventPage = publicPage(loadSitePages, 'EventPage');
export const JobsPage = publicPage(loadSitePages, 'JobsPage');
export const JobPage = publicPage(loadSitePages, 'JobPage');
export const WebFormPage = publicPage(loadSitePages, 'WebFormPage');
export const SocialSharePage = publicPage(loadSitePages, 'SocialSharePage');
// The website's editor: a chunk of its own (the public site's first load never includes it).
export const SiteEditorPage = page(loadSiteEditor, 'SiteEditorPage');
export const PageBuilderByRoute = page(loadSiteEditor, 'PageBuilderByRoute');
export const SitePreviewPage = page(loadSitePreview, 'SitePreviewPage');
export const SiteInboxPage = page(loadSiteInbox, 'SiteInboxPage');
export { DashboardPage, TicketPage } from './composed-pages.tsx';
