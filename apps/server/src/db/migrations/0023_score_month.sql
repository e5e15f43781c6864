-- 积分月汇总: each user's net points per community and calendar month, kept by the ledger's only writer
-- (apps/server/src/points/score-ledger.ts appendScore) in the transaction that appends the
-- ledger row. The score rank sums it for the whole months of a range and reads the ledger only for the
-- partial months at its ends, so it equals the ledger's sum. The ledger (app_score_flow) is a generated
-- table created after the migrations: on a new database it does not exist yet and there is nothing to
-- fill; on an existing one its rows are summed in here.
CREATE TABLE IF NOT EXISTS app_score_month (
  tenant_id varchar(12) NOT NULL,
  month date NOT NULL, -- the month's first day
  app_user_id bigint NOT NULL,
  community_id bigint NOT NULL,
  score bigint NOT NULL DEFAULT 0, -- net points: income minus expense
  PRIMARY KEY (tenant_id, month, app_user_id, community_id)
);
ALTER TABLE app_score_month ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_score_month
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
DO $$
BEGIN
  IF to_regclass('app_score_flow') IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO app_score_month (tenant_id, month, app_user_id, community_id, score)
  SELECT tenant_id, date_trunc('month', flow_time)::date, app_user_id, community_id,
         sum(CASE WHEN direction = 1 THEN score ELSE -score END)
    FROM app_score_flow WHERE is_deleted = 0
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, month, app_user_id, community_id) DO UPDATE SET score = excluded.score;
  ANALYZE app_score_month;
END $$;
