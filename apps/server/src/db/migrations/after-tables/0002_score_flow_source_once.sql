-- 积分流水: an automatic grant credits a user once per source (docs/domain-model.md#积分流水-scoreflow: one row per
-- source type, source and user), now at the database too, so no writer, concurrent or not, can credit twice.
-- Per tenant, on live rows. Left out: 管理员调整 (`adjust`: a manual adjustment may credit the same user many
-- times, each with its remark) and rows without a source (a daily sign-in has none). The ledger's only
-- writer, appendScore (apps/server/src/points/score-ledger.ts), answers a violation with a 400.
--
-- A database written before the index may hold a source credited twice. The earliest row of each source
-- stays; the later ones are retired (is_deleted = 1: kept for the record, out of every sum) and leave the
-- monthly sums (积分月汇总, their points and their row count), so a balance, the sum of the live rows,
-- loses the double credit. The balances recorded on the rows after them (balance_after) stay as they were
-- shown at the time.
CREATE TEMPORARY TABLE score_flow_credited_twice ON COMMIT DROP AS
SELECT id, tenant_id, app_user_id, community_id, date_trunc('month', flow_time)::date AS month,
       CASE WHEN direction = 1 THEN score ELSE -score END AS net
  FROM (SELECT f.*, row_number() OVER (PARTITION BY tenant_id, source_type, source_id, app_user_id
                                           ORDER BY id) AS n
          FROM app_score_flow f
         WHERE source_id IS NOT NULL AND source_type <> 'adjust' AND is_deleted = 0) ranked
 WHERE n > 1;
UPDATE app_score_month m
   SET score = m.score - d.net, row_count = m.row_count - d.n
  FROM (SELECT tenant_id, month, app_user_id, community_id, sum(net) AS net, count(*)::int AS n
          FROM score_flow_credited_twice GROUP BY 1, 2, 3, 4) d
 WHERE m.tenant_id = d.tenant_id AND m.month = d.month AND m.app_user_id = d.app_user_id
   AND m.community_id = d.community_id;
UPDATE app_score_flow f SET is_deleted = 1, update_time = localtimestamp(0) FROM score_flow_credited_twice d WHERE f.id = d.id;
CREATE UNIQUE INDEX IF NOT EXISTS app_score_flow_source_once_uq
  ON app_score_flow (tenant_id, source_type, source_id, app_user_id)
  WHERE source_id IS NOT NULL AND source_type <> 'adjust' AND is_deleted = 0;
