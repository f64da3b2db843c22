import { isStaffRole } from '@taxportal/contract';
import { Navigate, useParams } from 'react-router';
import { useSession } from '../../../lib/session/index.ts';
import { ForbiddenNotice } from '../../../ui/forbidden-notice.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { BASE } from './inbox-shared.tsx';
import { InboxLists } from './inbox-lists.tsx';
import { EnquiryView, SubmissionView } from './inbox-views.tsx';
import { addInboxTexts } from './i18n.ts';

addInboxTexts();

/** /inbox (staff): what visitors sent through the public site, contact enquiries and web forms. */
export function SiteInboxPage() {
  const { data: session } = useSession();
  const { kind, id } = useParams();
  if (!session) return <PageLoader />;
  if (!isStaffRole(session.login_role)) return <ForbiddenNotice />;
  if (kind === 'enquiries' && id) return <EnquiryView id={id} />;
  if (kind === 'submissions' && id) return <SubmissionView id={id} />;
  if (kind) return <Navigate to={BASE} replace />;
  return <InboxLists />;
}
