import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints as api, MESSAGES, type ContentKind } from '@taxportal/contract';
import { authOf, requireRole, requireStaff } from '../platform/auth/guard.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { route } from '../platform/route.ts';
import { sweepEvery } from '../platform/storage/index.ts';
import { requireSiteEditor } from './site-access.ts';
import * as actions from './site-enquiry-actions.service.ts';
import type { EnquiryActionDeps } from './site-enquiry-actions.service.ts';
import * as inbox from './site-inbox.service.ts';
import * as submissions from './site-submissions.service.ts';
import * as media from './site-media.service.ts';
import * as repo from './site.repository.ts';
import * as service from './site.service.ts';

const MEDIA_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

const editorOf = (req: FastifyRequest): service.Editor => ({ userId: authOf(req).user.id, ip: req.ip });

const KINDS = {
  pages: api.adminSitePages,
  posts: api.adminSitePosts,
  categories: api.adminSiteCategories,
  galleries: api.adminSiteGalleries,
  events: api.adminSiteEvents,
  jobs: api.adminSiteJobs,
  forms: api.adminSiteForms,
} as const;

/** The editor's endpoints (Admins and site editors), the inbox (staff) and who may edit (Admins). */
export function siteAdminRoutes(deps: EnquiryActionDeps & media.MediaDeps & { now: () => number }) {
  const { db } = deps;
  const editor = requireSiteEditor(db);
  return async function routes(app: FastifyInstance) {
    const sweeper = sweepEvery(() => media.sweepMedia(deps), MEDIA_SWEEP_INTERVAL_MS, deps.log);
    app.addHook('onClose', async () => sweeper.stop());

    for (const [kind, e] of Object.entries(KINDS) as [ContentKind, (typeof KINDS)[ContentKind]][]) {
      route(app, e.list, { preValidation: editor, handler: async () => service.listEntries(db, kind) });
      route(app, e.create, {
        preValidation: editor,
        handler: async (req, reply) =>
          reply
            .code(201)
            .send(await service.createEntry(db, editorOf(req), kind, (req.body as { data: unknown }).data)),
      });
      route(app, e.get, { preValidation: editor, handler: async (req) => service.getEntry(db, kind, req.params.id) });
      route(app, e.save, {
        preValidation: editor,
        handler: async (req) =>
          service.saveDraft(db, editorOf(req), kind, req.params.id, (req.body as { data: unknown }).data),
      });
      route(app, e.publish, {
        preValidation: editor,
        handler: async (req) => service.publishEntry(db, editorOf(req), kind, req.params.id),
      });
      route(app, e.unpublish, {
        preValidation: editor,
        handler: async (req) => service.unpublishEntry(db, editorOf(req), kind, req.params.id),
      });
      route(app, e.remove, {
        preValidation: editor,
        handler: async (req, reply) => {
          await service.deleteEntry(db, editorOf(req), kind, req.params.id);
          return reply.code(204).send(null);
        },
      });
      route(app, e.revisions, {
        preValidation: editor,
        handler: async (req) => service.listRevisions(db, kind, req.params.id),
      });
      route(app, e.restore, {
        preValidation: editor,
        handler: async (req) => service.restoreRevision(db, editorOf(req), kind, req.params.id, req.params.revisionId),
      });
    }

    route(app, api.getSiteSettingsDraft, { preValidation: editor, handler: async () => service.getSettingsEntry(db) });
    route(app, api.saveSiteSettings, {
      preValidation: editor,
      handler: async (req) => service.saveSettings(db, editorOf(req), req.body.data),
    });
    route(app, api.publishSiteSettings, {
      preValidation: editor,
      handler: async (req) => service.publishEntry(db, editorOf(req), 'settings', await service.settingsId(db)),
    });
    route(app, api.listSiteSettingsRevisions, {
      preValidation: editor,
      handler: async () => service.listRevisions(db, 'settings', await service.settingsId(db)),
    });
    route(app, api.restoreSiteSettingsRevision, {
      preValidation: editor,
      handler: async (req) =>
        service.restoreRevision(db, editorOf(req), 'settings', await service.settingsId(db), req.params.revisionId),
    });

    // The media library.
    route(app, api.listSiteMedia, { preValidation: editor, handler: async () => media.listMedia(db) });
    route(app, api.uploadSiteMedia, {
      preValidation: editor,
      handler: async (req, reply) => {
        if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Send the upload as multipart/form-data.');
        return reply.code(201).send(await media.uploadMedia(deps, editorOf(req), req.parts()));
      },
    });
    route(app, api.updateSiteMedia, {
      preValidation: editor,
      handler: async (req) => media.updateMediaAlt(db, editorOf(req), req.params.id, req.body.alt),
    });
    route(app, api.deleteSiteMedia, {
      preValidation: editor,
      handler: async (req, reply) => {
        await media.deleteMedia(deps, editorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });

    // The inbox: every staff role answers enquiries (site editors are staff: only staff can be made editors).
    route(app, api.listEnquiries, {
      preValidation: requireStaff,
      handler: async (req) => inbox.listEnquiries(db, req.query),
    });
    route(app, api.getEnquiry, {
      preValidation: requireStaff,
      handler: async (req) => inbox.getEnquiry(db, req.params.id),
    });
    route(app, api.markEnquiryHandled, {
      preValidation: requireStaff,
      handler: async (req) => inbox.markEnquiryHandled(db, editorOf(req), req.params.id),
    });
    route(app, api.replyToEnquiry, {
      preValidation: requireStaff,
      handler: async (req, reply) =>
        reply.code(201).send(await actions.replyToEnquiry(deps, editorOf(req), req.params.id, req.body)),
    });
    route(app, api.enquiryToTicket, {
      preValidation: requireStaff,
      handler: async (req, reply) => {
        const done = await actions.enquiryToTicket(deps, editorOf(req), req.params.id, req.body);
        return reply.code(done.created ? 201 : 200).send(done.body);
      },
    });
    route(app, api.listFormSubmissions, {
      preValidation: requireStaff,
      handler: async (req) => submissions.listSubmissions(db, req.params.id),
    });
    route(app, api.listInboxSubmissions, {
      preValidation: requireStaff,
      handler: async (req) => submissions.listInboxSubmissions(db, req.query),
    });
    route(app, api.getSubmission, {
      preValidation: requireStaff,
      handler: async (req) => submissions.getSubmission(db, req.params.id),
    });
    route(app, api.markSubmissionHandled, {
      preValidation: requireStaff,
      handler: async (req) => submissions.markSubmissionHandled(db, editorOf(req), req.params.id),
    });

    // Only Admins decide who else edits the site; only staff can be made editors.
    const admin = requireRole('Admin');
    route(app, api.listSiteEditors, {
      preValidation: admin,
      handler: async () => ({ items: await repo.listEditors(db) }),
    });
    route(app, api.grantSiteEditor, {
      preValidation: admin,
      handler: async (req, reply) => {
        const roles = await repo.rolesOf(db, req.body.user_id);
        if (roles.length === 0) throw notFound('User not found.');
        if (roles.every((r) => r === 'Customer'))
          throw new AppError('validation', 'Only staff can edit the site.', {
            errors: [{ field: 'user_id', message: 'Only staff can edit the site.' }],
          });
        await repo.insertEditor(db, req.body.user_id, authOf(req).user.id);
        const editors = await repo.listEditors(db);
        return reply.code(201).send(editors.find((e) => e.user_id === req.body.user_id)!);
      },
    });
    route(app, api.revokeSiteEditor, {
      preValidation: admin,
      handler: async (req, reply) => {
        if (!(await repo.deleteEditor(db, req.params.userId))) throw notFound(MESSAGES.notFound);
        return reply.code(204).send(null);
      },
    });
  };
}
