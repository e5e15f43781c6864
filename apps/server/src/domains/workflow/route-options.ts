import type { FastifyRequest } from 'fastify';

/** The prefix of the blade-flow wire. */
export const BLADE_FLOW = '/api/blade-flow';
/** Route options: the menu or button code the caller must hold. */
export const perm = (code: string) => ({ config: { access: { perm: code } } });
/** Route options: any signed-in user. */
export const token = { config: { access: { token: true as const } } };

export const queryOf = (r: FastifyRequest) => (r.query ?? {}) as Record<string, unknown>;
