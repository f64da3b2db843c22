import { hasAnyRole } from '@taxportal/contract';
import { useParams } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { ForbiddenNotice } from '../../ui/forbidden-notice.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { addBuilderTexts } from './i18n.ts';
import { OrganizerEditor } from './organizer-editor.tsx';
import { OrganizerList } from './organizer-list.tsx';

addBuilderTexts();

/**
 * /admin/organizers (Admin): the organizer templates (issue 32); /admin/organizers/:id: one template's editor with
 * its live preview. The server refuses anyone else whatever this page draws.
 */
export function OrganizersPage() {
  const { id } = useParams();
  const { data: session } = useSession();
  if (!session) return <PageLoader />;
  if (!hasAnyRole(session.roles, ['Admin'])) return <ForbiddenNotice />;
  return id ? <OrganizerEditor id={id} /> : <OrganizerList />;
}
