import { isStaffRole } from '@taxportal/contract';
import { Navigate } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { questionnairePath, useQuestionnaires } from '../questionnaire/index.ts';

/**
 * /edit-profile. SPEC §2: it goes to form-wizards while the profile completion is 0. Otherwise (our
 * choice) it opens the questionnaire the customer last worked on: the newest ticket with answers.
 * Staff have no profile of their own: form-wizards tells them where questionnaires are.
 */
export function EditProfilePage() {
  const { data: session } = useSession();
  const isCustomer = !!session && !isStaffRole(session.login_role);
  const list = useQuestionnaires(isCustomer);
  if (!session || (isCustomer && list.isPending)) return <PageLoader />;
  const started = (list.data?.items ?? []).filter((q) => q.completion > 0);
  if (!isCustomer || started.length === 0) return <Navigate to="/form-wizards" replace />;
  const newest = started.reduce((a, b) => ((b.updated_at ?? '') > (a.updated_at ?? '') ? b : a));
  return <Navigate to={questionnairePath(newest.ticket_name)} replace />;
}
