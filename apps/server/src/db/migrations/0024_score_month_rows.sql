-- 积分月汇总 counts its ledger rows too, so a rank that reads a partial month as the month's sums less the
-- ledger rows outside its range (points/score-months.ts planRange) still lists exactly the users with
-- rows inside it, as the ledger itself does (a user whose rows there net to zero is listed; one whose
-- rows of that month all fall outside is not). On an existing database the counts are taken from the
-- ledger; on a new one the ledger (a generated table) does not exist yet and there is nothing to count.
ALTER TABLE app_score_month ADD COLUMN IF NOT EXISTS row_count integer NOT NULL DEFAULT 0;
DO $$
BEGIN
  IF to_regclass('app_score_flow') IS NULL THEN
    RETURN;
  END IF;
  UPDATE app_score_month m
     SET row_count = c.n
    FROM (SELECT tenant_id, date_trunc('month', flow_time)::date AS month, app_user_id, community_id,
                 count(*)::int AS n
            FROM app_score_flow WHERE is_deleted = 0
           GROUP BY 1, 2, 3, 4) c
   WHERE m.tenant_id = c.tenant_id AND m.month = c.month AND m.app_user_id = c.app_user_id
     AND m.community_id = c.community_id AND m.row_count <> c.n;
  ANALYZE app_score_month;
END $$;
