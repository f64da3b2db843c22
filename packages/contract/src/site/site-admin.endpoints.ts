import { STAFF_ROLES } from '../roles.ts';
import { z } from 'zod';
import { opaqueText } from '../common/text.ts';
import { endpoint, noContentResponse } from '../common/endpoint.ts';
import type { ContentKind } from './content.ts';
import { mediaAltBodySchema, mediaListSchema, mediaParamsSchema, mediaSchema } from './media.ts';
import { siteSettingsSchema } from './settings.ts';
import {
  CONTENT_SCHEMAS,
  editorListSchema,
  editorParamsSchema,
  editorSchema,
  enquiryListQuerySchema,
  enquiryListSchema,
  enquiryReplyBodySchema,
  enquirySchema,
  enquiryTicketBodySchema,
  enquiryTicketSchema,
  entryIdParamsSchema,
  entryListSchema,
  entrySchemaOf,
  grantEditorBodySchema,
  revisionListSchema,
  revisionParamsSchema,
  settingsEntrySchema,
  submissionInboxQuerySchema,
  submissionListSchema,
  submissionPageSchema,
  submissionSchema,
} from './site-api.ts';

// The site editor's endpoints, apart from the public site's (site.endpoints.ts): only the editor's chunk of the web
// app loads their declarations.
// Editors: Admins, and whoever an Admin makes a site editor.
const adminTags = ['Site editor'];
/** Everyone who is not an editor gets 403 (site-access.ts), whatever the method. */
const editorsOnly = [403] as const;
const ADMIN = '/api/v1/admin/site';

/** The same nine endpoints for each kind of content: list, create, read, save a draft, publish, unpublish,
 * delete, revisions, restore a revision. */
function contentEndpoints<K extends ContentKind>(kind: K) {
  const data = CONTENT_SCHEMAS[kind] as (typeof CONTENT_SCHEMAS)[K];
  const entry = entrySchemaOf(data);
  const body = z.object({ data });
  const base = `${ADMIN}/${kind}` as const;
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      tags: adminTags,
      errors: editorsOnly,
      summary: `Every ${kind} entry, drafts included`,
      response: { 200: entryListSchema },
    }),
    create: endpoint({
      method: 'POST',
      path: base,
      tags: adminTags,
      errors: editorsOnly,
      summary: `Create a ${kind} entry as a draft`,
      body,
      response: { 201: entry },
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}/:id`,
      tags: adminTags,
      errors: editorsOnly,
      summary: `A ${kind} entry: its draft and what is published`,
      params: entryIdParamsSchema,
      response: { 200: entry },
    }),
    save: endpoint({
      method: 'PUT',
      path: `${base}/:id`,
      tags: adminTags,
      errors: editorsOnly,
      summary: `Save the ${kind} entry's draft (a new revision)`,
      params: entryIdParamsSchema,
      body,
      response: { 200: entry },
    }),
    publish: endpoint({
      method: 'POST',
      path: `${base}/:id/publish`,
      tags: adminTags,
      errors: editorsOnly,
      summary: `Publish the ${kind} entry's draft`,
      params: entryIdParamsSchema,
      response: { 200: entry },
    }),
    unpublish: endpoint({
      method: 'POST',
      path: `${base}/:id/unpublish`,
      tags: adminTags,
      errors: editorsOnly,
      summary: `Take the ${kind} entry off the public site (its draft stays)`,
      params: entryIdParamsSchema,
      response: { 200: entry },
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      tags: adminTags,
      errors: editorsOnly,
      summary: `Delete the ${kind} entry and its revisions`,
      params: entryIdParamsSchema,
      response: noContentResponse,
    }),
    revisions: endpoint({
      method: 'GET',
      path: `${base}/:id/revisions`,
      tags: adminTags,
      errors: editorsOnly,
      summary: `The ${kind} entry's revisions, newest first`,
      params: entryIdParamsSchema,
      response: { 200: revisionListSchema },
    }),
    restore: endpoint({
      method: 'POST',
      path: `${base}/:id/revisions/:revisionId/restore`,
      tags: adminTags,
      errors: editorsOnly,
      summary: `Make an earlier revision the ${kind} entry's draft`,
      params: revisionParamsSchema,
      response: { 200: entry },
    }),
  };
}

export const adminSitePages = contentEndpoints('pages');
export const adminSitePosts = contentEndpoints('posts');
export const adminSiteCategories = contentEndpoints('categories');
export const adminSiteGalleries = contentEndpoints('galleries');
export const adminSiteEvents = contentEndpoints('events');
export const adminSiteJobs = contentEndpoints('jobs');
export const adminSiteForms = contentEndpoints('forms');

export const getSiteSettingsDraft = endpoint({
  method: 'GET',
  path: `${ADMIN}/settings`,
  tags: adminTags,
  errors: editorsOnly,
  summary: 'Website settings: the draft and what is published',
  response: { 200: settingsEntrySchema },
});
export const saveSiteSettings = endpoint({
  method: 'PUT',
  path: `${ADMIN}/settings`,
  tags: adminTags,
  errors: editorsOnly,
  summary: 'Save the website settings draft (a new revision)',
  body: z.object({ data: siteSettingsSchema }),
  response: { 200: settingsEntrySchema },
});
export const publishSiteSettings = endpoint({
  method: 'POST',
  path: `${ADMIN}/settings/publish`,
  tags: adminTags,
  errors: editorsOnly,
  summary: 'Publish the website settings draft',
  response: { 200: settingsEntrySchema },
});
export const listSiteSettingsRevisions = endpoint({
  method: 'GET',
  path: `${ADMIN}/settings/revisions`,
  tags: adminTags,
  errors: editorsOnly,
  summary: 'Revisions of the website settings',
  response: { 200: revisionListSchema },
});
export const restoreSiteSettingsRevision = endpoint({
  method: 'POST',
  path: `${ADMIN}/settings/revisions/:revisionId/restore`,
  tags: adminTags,
  errors: editorsOnly,
  summary: 'Make an earlier revision the settings draft',
  params: z.object({ revisionId: opaqueText().min(1).max(64) }),
  response: { 200: settingsEntrySchema },
});

// The media library (decision 0020-c): images for the public site, resized by the server.
export const listSiteMedia = endpoint({
  method: 'GET',
  path: `${ADMIN}/media`,
  tags: adminTags,
  errors: editorsOnly,
  summary: 'The media library, newest first, with how many entries use each item',
  response: { 200: mediaListSchema },
});
export const uploadSiteMedia = endpoint({
  method: 'POST',
  path: `${ADMIN}/media`,
  tags: adminTags,
  errors: editorsOnly,
  summary:
    'Upload an image (multipart: file, alt?): JPEG, PNG, WebP, AVIF or GIF by content, ≤ 10 MB; resized to 320–1600 px (never upscaled) in AVIF and WebP, metadata stripped',
  consumes: ['multipart/form-data'],
  form: {
    fields: z.object({ alt: mediaAltBodySchema.shape.alt.optional() }),
    files: { file: { description: 'One image: JPEG, PNG, WebP, AVIF or GIF by content, ≤ 10 MB' } },
  },
  response: { 201: mediaSchema },
});
export const updateSiteMedia = endpoint({
  method: 'PATCH',
  path: `${ADMIN}/media/:id`,
  tags: adminTags,
  errors: editorsOnly,
  summary: 'Change an image’s alternative text',
  params: mediaParamsSchema,
  body: mediaAltBodySchema,
  response: { 200: mediaSchema },
});
export const deleteSiteMedia = endpoint({
  method: 'DELETE',
  path: `${ADMIN}/media/:id`,
  tags: adminTags,
  errors: editorsOnly,
  summary: 'Delete an image and its files; 409 while a draft or published entry uses it',
  params: mediaParamsSchema,
  response: noContentResponse,
});

// The submissions inbox: staff who answer enquiries (every staff role) and site editors.
const inboxTags = ['Site inbox'];
export const listEnquiries = endpoint({
  method: 'GET',
  path: `${ADMIN}/enquiries`,
  roles: STAFF_ROLES,
  tags: inboxTags,
  summary: 'Contact enquiries, newest first (staff)',
  query: enquiryListQuerySchema,
  response: { 200: enquiryListSchema },
});
export const getEnquiry = endpoint({
  method: 'GET',
  path: `${ADMIN}/enquiries/:id`,
  roles: STAFF_ROLES,
  tags: inboxTags,
  summary: 'One contact enquiry (staff)',
  params: entryIdParamsSchema,
  response: { 200: enquirySchema },
});
export const markEnquiryHandled = endpoint({
  method: 'POST',
  path: `${ADMIN}/enquiries/:id/handled`,
  roles: STAFF_ROLES,
  tags: inboxTags,
  summary: 'Mark a contact enquiry handled (staff)',
  params: entryIdParamsSchema,
  response: { 200: enquirySchema },
});
export const listFormSubmissions = endpoint({
  method: 'GET',
  path: `${ADMIN}/forms/:id/submissions`,
  roles: STAFF_ROLES,
  tags: inboxTags,
  summary: 'A web form’s submissions, newest first (staff)',
  params: entryIdParamsSchema,
  response: { 200: submissionListSchema },
});

export const replyToEnquiry = endpoint({
  method: 'POST',
  path: `${ADMIN}/enquiries/:id/replies`,
  roles: STAFF_ROLES,
  tags: inboxTags,
  summary: 'Reply to an enquirer by e-mail; the reply is kept with the enquiry (staff)',
  params: entryIdParamsSchema,
  body: enquiryReplyBodySchema,
  response: { 201: enquirySchema },
});
export const enquiryToTicket = endpoint({
  method: 'POST',
  path: `${ADMIN}/enquiries/:id/ticket`,
  roles: STAFF_ROLES,
  tags: inboxTags,
  summary: 'Turn an enquiry into a customer (invited, or the existing one) and a ticket; repeatable (staff)',
  params: entryIdParamsSchema,
  body: enquiryTicketBodySchema,
  response: { 200: enquiryTicketSchema, 201: enquiryTicketSchema },
});
export const listInboxSubmissions = endpoint({
  method: 'GET',
  path: `${ADMIN}/submissions`,
  roles: STAFF_ROLES,
  tags: inboxTags,
  summary: 'Web form submissions of every form, unhandled first (staff)',
  query: submissionInboxQuerySchema,
  response: { 200: submissionPageSchema },
});
export const getSubmission = endpoint({
  method: 'GET',
  path: `${ADMIN}/submissions/:id`,
  roles: STAFF_ROLES,
  tags: inboxTags,
  summary: 'One web form submission (staff)',
  params: entryIdParamsSchema,
  response: { 200: submissionSchema },
});
export const markSubmissionHandled = endpoint({
  method: 'POST',
  path: `${ADMIN}/submissions/:id/handled`,
  roles: STAFF_ROLES,
  tags: inboxTags,
  summary: 'Mark a web form submission handled (staff)',
  params: entryIdParamsSchema,
  response: { 200: submissionSchema },
});

// Who may edit the site besides Admins: only Admins grant it.
export const listSiteEditors = endpoint({
  method: 'GET',
  path: `${ADMIN}/editors`,
  roles: ['Admin'],
  tags: adminTags,
  errors: editorsOnly,
  summary: 'Users an Admin has made site editors (Admin)',
  response: { 200: editorListSchema },
});
export const grantSiteEditor = endpoint({
  method: 'POST',
  path: `${ADMIN}/editors`,
  roles: ['Admin'],
  tags: adminTags,
  errors: editorsOnly,
  summary: 'Make a staff user a site editor (Admin)',
  body: grantEditorBodySchema,
  response: { 201: editorSchema },
});
export const revokeSiteEditor = endpoint({
  method: 'DELETE',
  path: `${ADMIN}/editors/:userId`,
  roles: ['Admin'],
  tags: adminTags,
  errors: editorsOnly,
  summary: 'Take site editing away from a user (Admin)',
  params: editorParamsSchema,
  response: noContentResponse,
});
