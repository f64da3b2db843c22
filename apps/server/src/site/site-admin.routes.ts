import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints as api, MESSAGES, type ContentKind } from '@taxportal/contract';
import { SITE_TEXTS } from '@taxportal/contract/texts';
import { authOf } from '../platform/auth/guard.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { languageOfRequest } from '../platform/i18n.ts';
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
      route(app, e.list, { onRequest: editor, handler: async () => service.listEntries(db, kind) });
      route(app, e.create, {
        onRequest: editor,
        handler: async (req, reply) =>
          reply
            .code(201)
            .send(await service.createEntry(db, editorOf(req), kind, (req.body as { data: unknown }).data)),
      });
      route(app, e.get, { onRequest: editor, handler: async (req) => service.getEntry(db, kind, req.params.id) });
      route(app, e.save, {
        onRequest: editor,
        handler: async (req) =>
          service.saveDraft(db, editorOf(req), kind, req.params.id, (req.body as { data: unknown }).data),
      });
      route(app, e.publish, {
        onRequest: editor,
        handler: async (req) => service.publishEntry(db, editorOf(req), kind, req.params.id),
      });
      route(app, e.unpublish, {
        onRequest: editor,
        handler: async (req) => service.unpublishEntry(db, editorOf(req), kind, req.params.id),
      });
      route(app, e.remove, {
        onRequest: editor,
        handler: async (req, reply) => {
          await service.deleteEntry(db, editorOf(req), kind, req.params.id);
          return reply.code(204).send(null);
        },
      });
      route(app, e.revisions, {
        onRequest: editor,
        handler: async (req) => service.listRevisions(db, kind, req.params.id),
      });
      route(app, e.restore, {
        onRequest: editor,
        handler: async (req) => service.restoreRevision(db, editorOf(req), kind, req.params.id, req.params.revisionId),
      });
    }

    route(app, api.getSiteSettingsDraft, { onRequest: editor, handler: async () => service.getSettingsEntry(db) });
    route(app, api.saveSiteSettings, {
      onRequest: editor,
      handler: async (req) => service.saveSettings(db, editorOf(req), req.body.data),
    });
    route(app, api.publishSiteSettings, {
      onRequest: editor,
      handler: async (req) => service.publishEntry(db, editorOf(req), 'settings', await service.settingsId(db)),
    });
    route(app, api.listSiteSettingsRevisions, {
      onRequest: editor,
      handler: async () => service.listRevisions(db, 'settings', await service.settingsId(db)),
    });
    route(app, api.restoreSiteSettingsRevision, {
      onRequest: editor,
      handler: async (req) =>
        service.restoreRevision(db, editorOf(req), 'settings', await service.settingsId(db), req.params.revisionId),
    });

    // The media library.
    route(app, api.listSiteMedia, { onRequest: editor, handler: async () => media.listMedia(db) });
    route(app, api.uploadSiteMedia, {
      onRequest: editor,
      handler: async (req, reply) => {
        if (!req.isMultipart()) throw new AppError('unsupported_media_type', SITE_TEXTS.media.notMultipart);
        return reply.code(201).send(await media.uploadMedia(deps, editorOf(req), req.parts()));
      },
    });
    route(app, api.updateSiteMedia, {
      onRequest: editor,
      handler: async (req) => media.updateMediaAlt(db, editorOf(req), req.params.id, req.body.alt),
    });
    route(app, api.deleteSiteMedia, {
      onRequest: editor,
      handler: async (req, reply) => {
        await media.deleteMedia(deps, editorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });

    // The inbox: every staff role answers enquiries (site editors are staff: only staff can be made editors).
    route(app, api.listEnquiries, {
      handler: async (req) => inbox.listEnquiries(db, req.query),
    });
    route(app, api.getEnquiry, {
      handler: async (req) => inbox.getEnquiry(db, req.params.id),
    });
    route(app, api.markEnquiryHandled, {
      handler: async (req) => inbox.markEnquiryHandled(db, editorOf(req), req.params.id),
    });
    route(app, api.replyToEnquiry, {
      handler: async (req, reply) =>
        reply
          .code(201)
          .send(await actions.replyToEnquiry(deps, editorOf(req), req.params.id, req.body, languageOfRequest(req))),
    });
    route(app, api.enquiryToTicket, {
      handler: async (req, reply) => {
        const done = await actions.enquiryToTicket(
          deps,
          editorOf(req),
          req.params.id,
          req.body,
          languageOfRequest(req),
        );
        return reply.code(done.created ? 201 : 200).send(done.body);
      },
    });
    route(app, api.listFormSubmissions, {
      handler: async (req) => submissions.listSubmissions(db, req.params.id),
    });
    route(app, api.listInboxSubmissions, {
      handler: async (req) => submissions.listInboxSubmissions(db, req.query),
    });
    route(app, api.getSubmission, {
      handler: async (req) => submissions.getSubmission(db, req.params.id),
    });
    route(app, api.markSubmissionHandled, {
      handler: async (req) => submissions.markSubmissionHandled(db, editorOf(req), req.params.id),
    });

    // Only Admins decide who else edits the site; only staff can be made editors.
    route(app, api.listSiteEditors, {
      handler: async () => ({ items: await repo.listEditors(db) }),
    });
    route(app, api.grantSiteEditor, {
      handler: async (req, reply) => {
        const roles = await repo.rolesOf(db, req.body.user_id);
        if (roles.length === 0) throw notFound(SITE_TEXTS.editors.userNotFound);
        if (roles.every((r) => r === 'Customer'))
          throw new AppError('validation', SITE_TEXTS.editors.onlyStaff, {
            errors: [{ field: 'user_id', message: SITE_TEXTS.editors.onlyStaff }],
          });
        await repo.insertEditor(db, req.body.user_id, authOf(req).user.id);
        const editors = await repo.listEditors(db);
        return reply.code(201).send(editors.find((e) => e.user_id === req.body.user_id)!);
      },
    });
    route(app, api.revokeSiteEditor, {
      handler: async (req, reply) => {
        if (!(await repo.deleteEditor(db, req.params.userId))) throw notFound(MESSAGES.notFound);
        return reply.code(204).send(null);
      },
    });
  };
}
