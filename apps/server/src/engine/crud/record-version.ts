import type { Row } from '../../db/database.js';
import { ApiError, badRequest } from '../../http/envelope.js';

export const STALE = '数据已被他人修改,请刷新后重试';

/**
 * Optimistic locking (issue 4). Every updatable table carries `version` (migration 0007), sent to clients
 * with the record and raised by one on every change.
 *
 * Policy:
 * - An update naming `version` is refused with 409 and 数据已被他人修改,请刷新后重试 when the stored
 *   version differs: the record changed since the client read it. The UI always sends what it read.
 * - An update naming `updateTime` (BladeX clients read and send it back) is refused the same way when it
 *   differs from the stored one; it only has second resolution, so `version` is the reliable token.
 * - An update naming neither (a BladeX client that never read the record, a script) is accepted as
 *   last-writer-wins: BladeX itself has no optimistic lock, and refusing such calls would break its
 *   clients. Such a client cannot be told about a concurrent change; it opts out by not sending a token.
 */
export function assertFresh(current: Row, body: Record<string, unknown>): void {
  const version = body.version;
  if (version !== undefined && version !== null && version !== '') {
    const n = typeof version === 'number' ? version : Number(version);
    if (!Number.isInteger(n) || n < 0) throw badRequest('版本号格式不正确');
    if (current.version !== undefined && n !== Number(current.version)) throw new ApiError(409, STALE);
  }
  const updateTime = body.updateTime;
  if (
    typeof updateTime === 'string' &&
    updateTime !== '' &&
    current.update_time !== undefined &&
    current.update_time !== null &&
    updateTime !== String(current.update_time)
  )
    throw new ApiError(409, STALE);
}

/** The version an update writes (tables without the column get none). */
export const nextVersion = (current: Row): Record<string, unknown> =>
  current.version === undefined ? {} : { version: Number(current.version) + 1 };
