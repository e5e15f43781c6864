-- 积分流水: an automatic grant credits a user once per source (domain model §7.3: "unique (sourceType,
-- sourceId, appUserId) for automatic grants, to avoid double-granting"), now at the database too, so no
-- writer, concurrent or not, can credit twice. Per tenant, on live rows. Left out: 管理员调整 (`adjust`:
-- a manual adjustment may credit the same user many times, each with its remark) and rows without a
-- source (a daily sign-in has none). The ledger's only writer, appendScore
-- (apps/server/src/points/score-ledger.ts), answers a violation with a 400.
CREATE UNIQUE INDEX IF NOT EXISTS app_score_flow_source_once_uq
  ON app_score_flow (tenant_id, source_type, source_id, app_user_id)
  WHERE source_id IS NOT NULL AND source_type <> 'adjust' AND is_deleted = 0;
