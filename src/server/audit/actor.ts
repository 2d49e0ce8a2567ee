import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';
import type { Actor } from './log.js';
import { msg } from '../../shared/i18n/msg.js';

/** The signed-in organizer behind an admin request, as the audit log names them. */
export async function actorOf(request: FastifyRequest): Promise<Actor> {
  const user = await request.adminUser();
  if (!user) throw new AppError('unauthenticated', msg('Sign in to continue'));
  return { userId: user.id, username: user.username, requestId: String(request.id) };
}
