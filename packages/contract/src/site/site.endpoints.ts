import { z } from 'zod';
import { opaqueText } from '../common/text.ts';
import { endpoint, noContentResponse } from '../common/endpoint.ts';
import type { ContentKind } from './content.ts';
import { publicSiteSchema, siteSettingsSchema } from './settings.ts';
import {
  blogQuerySchema,
  categoryListSchema,
  contactEnquiryBodySchema,
  CONTENT_SCHEMAS,
  editorListSchema,
  editorParamsSchema,
  editorSchema,
  enquiryListQuerySchema,
  enquiryListSchema,
  enquirySchema,
  entryIdParamsSchema,
  entryListSchema,
  entrySchemaOf,
  eventListSchema,
  eventsQuerySchema,
  formSubmissionBodySchema,
  galleryListSchema,
  grantEditorBodySchema,
  jobListSchema,
  listQuerySchema,
  pageQuerySchema,
  pageRouteParamsSchema,
  postListSchema,
  publicEventSchema,
  publicFormSchema,
  publicGallerySchema,
  publicJobSchema,
  publicPageSchema,
  publicPostSchema,
  revisionListSchema,
  revisionParamsSchema,
  settingsEntrySchema,
  slugParamsSchema,
  submissionListSchema,
  submittedSchema,
} from './site-api.ts';

// The public site: anyone reads what is published; a draft is 404.
const tags = ['Public site'];

export const getSite = endpoint({
  method: 'GET',
  path: '/api/v1/site',
  public: true,
  tags,
  summary: 'Website settings, menus and business details (get_all_website_settings, get_business_detail)',
  description: 'Cached: answers with an ETag and 304 to a matching If-None-Match.',
  response: { 200: publicSiteSchema, 304: z.null().describe('Not modified') },
});
export const getPage = endpoint({
  method: 'GET',
  path: '/api/v1/pages/:route',
  public: true,
  tags,
  summary: 'A published page and its blocks; `app=mobile` gives the home page’s mobile variant (get_page_content)',
  params: pageRouteParamsSchema,
  query: pageQuerySchema,
  response: { 200: publicPageSchema },
});
export const listPosts = endpoint({
  method: 'GET',
  path: '/api/v1/blog',
  public: true,
  tags,
  summary: 'Published blog posts, newest first, optionally of a category (get_blog_list)',
  query: blogQuerySchema,
  response: { 200: postListSchema },
});
export const listCategories = endpoint({
  method: 'GET',
  path: '/api/v1/blog/categories',
  public: true,
  tags,
  summary: 'Blog categories (get_parent_categories)',
  response: { 200: categoryListSchema },
});
export const getPost = endpoint({
  method: 'GET',
  path: '/api/v1/blog/:slug',
  public: true,
  tags,
  summary: 'A published blog post (get_blog_details)',
  params: slugParamsSchema,
  response: { 200: publicPostSchema },
});
export const listGalleries = endpoint({
  method: 'GET',
  path: '/api/v1/galleries',
  public: true,
  tags,
  summary: 'Published galleries (Gallery)',
  query: listQuerySchema,
  response: { 200: galleryListSchema },
});
export const getGallery = endpoint({
  method: 'GET',
  path: '/api/v1/galleries/:slug',
  public: true,
  tags,
  summary: 'A published gallery with its images (Gallery/{id})',
  params: slugParamsSchema,
  response: { 200: publicGallerySchema },
});
// /api/v1/events is the signed-in user's event stream, so the firm's events live under /api/v1/site/.
export const listSiteEvents = endpoint({
  method: 'GET',
  path: '/api/v1/site/events',
  public: true,
  tags,
  summary: 'The firm’s published events, upcoming first (or past)',
  query: eventsQuerySchema,
  response: { 200: eventListSchema },
});
export const getSiteEvent = endpoint({
  method: 'GET',
  path: '/api/v1/site/events/:slug',
  public: true,
  tags,
  summary: 'A published event',
  params: slugParamsSchema,
  response: { 200: publicEventSchema },
});
export const listJobs = endpoint({
  method: 'GET',
  path: '/api/v1/jobs',
  public: true,
  tags,
  summary: 'Published job openings (seeker)',
  query: listQuerySchema,
  response: { 200: jobListSchema },
});
export const getJob = endpoint({
  method: 'GET',
  path: '/api/v1/jobs/:slug',
  public: true,
  tags,
  summary: 'A published job opening (job-detail)',
  params: slugParamsSchema,
  response: { 200: publicJobSchema },
});
export const getForm = endpoint({
  method: 'GET',
  path: '/api/v1/forms/:slug',
  public: true,
  tags,
  summary: 'A published web form’s definition (Web Form/{name})',
  params: slugParamsSchema,
  response: { 200: publicFormSchema },
});
export const submitForm = endpoint({
  method: 'POST',
  path: '/api/v1/forms/:slug/submissions',
  public: true,
  tags,
  summary: 'Submit a web form: checked against its definition, stored, staff notified; rate-limited',
  params: slugParamsSchema,
  body: formSubmissionBodySchema,
  response: { 201: submittedSchema },
});
export const sendContactEnquiry = endpoint({
  method: 'POST',
  path: '/api/v1/contact-enquiries',
  public: true,
  tags,
  summary: 'Send the contact form (Contact Enquiry): honeypot, time-to-submit and rate limit; staff notified',
  body: contactEnquiryBodySchema,
  response: { 201: submittedSchema },
});

// Editors: Admins, and whoever an Admin makes a site editor.
const adminTags = ['Site editor'];
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
      summary: `Every ${kind} entry, drafts included`,
      response: { 200: entryListSchema },
    }),
    create: endpoint({
      method: 'POST',
      path: base,
      tags: adminTags,
      summary: `Create a ${kind} entry as a draft`,
      body,
      response: { 201: entry },
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}/:id`,
      tags: adminTags,
      summary: `A ${kind} entry: its draft and what is published`,
      params: entryIdParamsSchema,
      response: { 200: entry },
    }),
    save: endpoint({
      method: 'PUT',
      path: `${base}/:id`,
      tags: adminTags,
      summary: `Save the ${kind} entry's draft (a new revision)`,
      params: entryIdParamsSchema,
      body,
      response: { 200: entry },
    }),
    publish: endpoint({
      method: 'POST',
      path: `${base}/:id/publish`,
      tags: adminTags,
      summary: `Publish the ${kind} entry's draft`,
      params: entryIdParamsSchema,
      response: { 200: entry },
    }),
    unpublish: endpoint({
      method: 'POST',
      path: `${base}/:id/unpublish`,
      tags: adminTags,
      summary: `Take the ${kind} entry off the public site (its draft stays)`,
      params: entryIdParamsSchema,
      response: { 200: entry },
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      tags: adminTags,
      summary: `Delete the ${kind} entry and its revisions`,
      params: entryIdParamsSchema,
      response: noContentResponse,
    }),
    revisions: endpoint({
      method: 'GET',
      path: `${base}/:id/revisions`,
      tags: adminTags,
      summary: `The ${kind} entry's revisions, newest first`,
      params: entryIdParamsSchema,
      response: { 200: revisionListSchema },
    }),
    restore: endpoint({
      method: 'POST',
      path: `${base}/:id/revisions/:revisionId/restore`,
      tags: adminTags,
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
  summary: 'Website settings: the draft and what is published',
  response: { 200: settingsEntrySchema },
});
export const saveSiteSettings = endpoint({
  method: 'PUT',
  path: `${ADMIN}/settings`,
  tags: adminTags,
  summary: 'Save the website settings draft (a new revision)',
  body: z.object({ data: siteSettingsSchema }),
  response: { 200: settingsEntrySchema },
});
export const publishSiteSettings = endpoint({
  method: 'POST',
  path: `${ADMIN}/settings/publish`,
  tags: adminTags,
  summary: 'Publish the website settings draft',
  response: { 200: settingsEntrySchema },
});
export const listSiteSettingsRevisions = endpoint({
  method: 'GET',
  path: `${ADMIN}/settings/revisions`,
  tags: adminTags,
  summary: 'Revisions of the website settings',
  response: { 200: revisionListSchema },
});
export const restoreSiteSettingsRevision = endpoint({
  method: 'POST',
  path: `${ADMIN}/settings/revisions/:revisionId/restore`,
  tags: adminTags,
  summary: 'Make an earlier revision the settings draft',
  params: z.object({ revisionId: opaqueText().min(1).max(64) }),
  response: { 200: settingsEntrySchema },
});

// The submissions inbox: staff who answer enquiries (every staff role) and site editors.
const inboxTags = ['Site inbox'];
export const listEnquiries = endpoint({
  method: 'GET',
  path: `${ADMIN}/enquiries`,
  tags: inboxTags,
  summary: 'Contact enquiries, newest first (staff)',
  query: enquiryListQuerySchema,
  response: { 200: enquiryListSchema },
});
export const getEnquiry = endpoint({
  method: 'GET',
  path: `${ADMIN}/enquiries/:id`,
  tags: inboxTags,
  summary: 'One contact enquiry (staff)',
  params: entryIdParamsSchema,
  response: { 200: enquirySchema },
});
export const markEnquiryHandled = endpoint({
  method: 'POST',
  path: `${ADMIN}/enquiries/:id/handled`,
  tags: inboxTags,
  summary: 'Mark a contact enquiry handled (staff)',
  params: entryIdParamsSchema,
  response: { 200: enquirySchema },
});
export const listFormSubmissions = endpoint({
  method: 'GET',
  path: `${ADMIN}/forms/:id/submissions`,
  tags: inboxTags,
  summary: 'A web form’s submissions, newest first (staff)',
  params: entryIdParamsSchema,
  response: { 200: submissionListSchema },
});

// Who may edit the site besides Admins: only Admins grant it.
export const listSiteEditors = endpoint({
  method: 'GET',
  path: `${ADMIN}/editors`,
  tags: adminTags,
  summary: 'Users an Admin has made site editors (Admin)',
  response: { 200: editorListSchema },
});
export const grantSiteEditor = endpoint({
  method: 'POST',
  path: `${ADMIN}/editors`,
  tags: adminTags,
  summary: 'Make a staff user a site editor (Admin)',
  body: grantEditorBodySchema,
  response: { 201: editorSchema },
});
export const revokeSiteEditor = endpoint({
  method: 'DELETE',
  path: `${ADMIN}/editors/:userId`,
  tags: adminTags,
  summary: 'Take site editing away from a user (Admin)',
  params: editorParamsSchema,
  response: noContentResponse,
});
