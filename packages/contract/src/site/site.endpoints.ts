import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { opaqueText } from '../common/text.ts';
import { mediaFileParamsSchema } from './media.ts';
import { publicSiteSchema } from './settings.ts';
import {
  blogQuerySchema,
  categoryListSchema,
  contactEnquiryBodySchema,
  formSubmissionBodySchema,
  eventListSchema,
  eventsQuerySchema,
  formListSchema,
  galleryListSchema,
  jobListSchema,
  listQuerySchema,
  mySubmissionEditBodySchema,
  mySubmissionListSchema,
  mySubmissionParamsSchema,
  mySubmissionSchema,
  pageQuerySchema,
  pageRouteParamsSchema,
  postListSchema,
  publicEventSchema,
  publicFormSchema,
  publicGallerySchema,
  publicJobSchema,
  publicPageSchema,
  publicPostSchema,
  slugParamsSchema,
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
export const listForms = endpoint({
  method: 'GET',
  path: '/api/v1/forms',
  public: true,
  tags,
  summary: 'Published web forms, newest first: slug, title and description (forms)',
  query: listQuerySchema,
  response: { 200: formListSchema },
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
  description:
    'A JSON body (formSubmissionBodySchema), or multipart/form-data: a `payload` part holding that JSON, then one file part per file field, named by its path (`values.resume`, `rows.0.certificate`); files follow the vault’s rules (type by content, ≤ 10 MB) and are stored encrypted. Anything refused keeps nothing.',
  consumes: ['application/json', 'multipart/form-data'],
  form: {
    fields: z.object({ payload: z.string().describe('The JSON body (formSubmissionBodySchema), as text') }),
    files: {},
    otherFiles: 'One part per file field of the form, named by its path (`values.resume`, `rows.0.certificate`)',
    json: formSubmissionBodySchema,
  },
  params: slugParamsSchema,
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

export const getMediaFile = endpoint({
  method: 'GET',
  path: '/api/v1/media/:file',
  answers: { 200: { description: 'The image', contentType: 'image/*' } },
  public: true,
  tags,
  summary: 'A variant of a media library image; content-addressed, cached for a year (immutable)',
  params: mediaFileParamsSchema,
});

/** Not public: staff (the inbox), and the signed-in visitor who sent the submission; anyone else 404. */
export const getSubmissionFile = endpoint({
  method: 'GET',
  path: '/api/v1/site/submissions/:id/files/:fileId',
  answers: { 200: { description: 'The file as it was sent', contentType: 'application/octet-stream' } },
  tags: ['Site inbox'],
  summary: 'A file sent with a web form submission (staff, or its signed-in sender)',
  params: z.object({ id: opaqueText().min(1).max(64), fileId: opaqueText().min(1).max(64) }),
});

// A signed-in visitor's own web form submissions (docs/decisions/0021-c): only the sender; anyone else 404.
const mine = ['My web form submissions'];
export const listMySubmissions = endpoint({
  method: 'GET',
  path: '/api/v1/my/form-submissions',
  tags: mine,
  summary: 'The caller’s own web form submissions, newest first (up to 250)',
  response: { 200: mySubmissionListSchema },
});
export const getMySubmission = endpoint({
  method: 'GET',
  path: '/api/v1/my/form-submissions/:id',
  tags: mine,
  summary: 'One of the caller’s own submissions: values, child rows and files (webform-child)',
  params: mySubmissionParamsSchema,
  response: { 200: mySubmissionSchema },
});
export const editMySubmission = endpoint({
  method: 'PUT',
  path: '/api/v1/my/form-submissions/:id',
  tags: mine,
  summary: 'Edit one of the caller’s own submissions (edit-webformchild); rate-limited',
  description:
    'Checked against the form’s current published definition exactly as a new submission; 409 once staff handled it. Files already sent stay when their field names their id; an edit sends no new files. Staff are notified.',
  params: mySubmissionParamsSchema,
  body: mySubmissionEditBodySchema,
  response: { 200: mySubmissionSchema },
});
