import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { MESSAGES } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import * as repo from './site.repository.ts';

/**
 * Who may edit the public site: Admins, and users an Admin made site editors (the `site_editors` permission). Every
 * editor endpoint checks it on the server, as soon as the credentials are read (an `onRequest` hook: before the
 * request's ids or body are read); anyone else gets 403.
 */
export const requireSiteEditor =
  (db: Db): onRequestAsyncHookHandler =>
  async (request: FastifyRequest) => {
    const auth = authOf(request);
    if (auth.roles.includes('Admin')) return;
    if (await repo.isSiteEditor(db, auth.user.id)) return;
    throw new AppError('forbidden', MESSAGES.forbidden);
  };
