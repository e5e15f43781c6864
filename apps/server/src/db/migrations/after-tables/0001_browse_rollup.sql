-- 浏览汇总: the browse log (app_browse_log, a generated table: this file runs after the generated tables)
-- counted per tenant and day (app_browse_day) and per tenant and month (app_browse_month), kept by
-- statement-level triggers with transition tables, so every writer is counted (the demo seeds, bulk
-- inserts, the resident app) in the transaction that writes the rows: inserts add, deletes subtract,
-- updates subtract the old rows and add the new (a soft delete leaves the count; restoring adds it back).
-- Only live rows (is_deleted = 0) count. Each row of a rollup is one group of the views:
--   community_id  the community, 0 for views with none, -1 for every community of the tenant;
--   target_type / target_id  the item viewed, '' / 0 for every item;
-- app_browse_day holds all four groupings (community × item), app_browse_month the item groupings only.
-- The statistics read whole months and days from here and the partial days at a range's ends from the
-- log itself (apps/server/src/domains/community/statistics/browse-rollup.ts), so they equal the log.
-- target_title is the greatest title an item was recorded with (max() over the log, as the rank shows).
CREATE TABLE IF NOT EXISTS app_browse_day (
  tenant_id varchar(12) NOT NULL,
  day date NOT NULL,
  community_id bigint NOT NULL,
  target_type varchar(32) NOT NULL,
  target_id bigint NOT NULL,
  target_title varchar(200),
  browse_num bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, community_id, day, target_type, target_id)
);
CREATE TABLE IF NOT EXISTS app_browse_month (
  tenant_id varchar(12) NOT NULL,
  month date NOT NULL, -- the month's first day
  community_id bigint NOT NULL,
  target_type varchar(32) NOT NULL,
  target_id bigint NOT NULL,
  target_title varchar(200),
  browse_num bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, community_id, month, target_type, target_id)
);
-- the views per day of every item (the chart): a few hundred rows a year per community
CREATE INDEX IF NOT EXISTS app_browse_day_total_idx ON app_browse_day (tenant_id, community_id, day)
  INCLUDE (browse_num) WHERE target_id = 0;
ALTER TABLE app_browse_day ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON app_browse_day;
CREATE POLICY tenant_isolation ON app_browse_day
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
ALTER TABLE app_browse_month ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON app_browse_month;
CREATE POLICY tenant_isolation ON app_browse_month
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));

-- The two statements adding the views of `src` (a query of log rows with a column d: +1 or -1 each) to
-- the rollups, in key order (concurrent writers lock the rollup rows in the same order). Only the text:
-- the trigger runs them itself, as the transition tables are visible in the trigger function only.
CREATE OR REPLACE FUNCTION app_browse_rollup_sql(src text) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT ARRAY[format($q$
    WITH v AS (SELECT tenant_id, browse_time::date AS day, coalesce(community_id, 0) AS c,
                      target_type AS tt, target_id AS ti, target_title AS title, d FROM (%1$s) s)
    INSERT INTO app_browse_day AS r (tenant_id, day, community_id, target_type, target_id, target_title, browse_num)
    SELECT tenant_id, day, CASE WHEN grouping(c) = 1 THEN -1 ELSE c END,
           CASE WHEN grouping(tt) = 1 THEN '' ELSE tt END, CASE WHEN grouping(ti) = 1 THEN 0 ELSE ti END,
           CASE WHEN grouping(ti) = 1 THEN NULL ELSE max(title) END, sum(d)
      FROM v GROUP BY tenant_id, day, CUBE (c, (tt, ti)) HAVING sum(d) <> 0
     ORDER BY 1, 3, 2, 4, 5
    ON CONFLICT (tenant_id, community_id, day, target_type, target_id) DO UPDATE
      SET browse_num = r.browse_num + excluded.browse_num,
          target_title = greatest(r.target_title, excluded.target_title)$q$, src),
  format($q$
    WITH v AS (SELECT tenant_id, date_trunc('month', browse_time)::date AS month, coalesce(community_id, 0) AS c,
                      target_type AS tt, target_id AS ti, target_title AS title, d FROM (%1$s) s)
    INSERT INTO app_browse_month AS r (tenant_id, month, community_id, target_type, target_id, target_title, browse_num)
    SELECT tenant_id, month, CASE WHEN grouping(c) = 1 THEN -1 ELSE c END, tt, ti, max(title), sum(d)
      FROM v GROUP BY tenant_id, month, tt, ti, ROLLUP (c) HAVING sum(d) <> 0
     ORDER BY 1, 3, 2, 4, 5
    ON CONFLICT (tenant_id, community_id, month, target_type, target_id) DO UPDATE
      SET browse_num = r.browse_num + excluded.browse_num,
          target_title = greatest(r.target_title, excluded.target_title)$q$, src)]
$fn$;

-- The trigger of every write to the log. Owned by the migrator: it writes the rollups whatever the
-- writer's tenant settings (the rows carry their own tenant).
CREATE OR REPLACE FUNCTION app_browse_rollup() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  src text;
  statement text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM app_browse_day;
    DELETE FROM app_browse_month;
    RETURN NULL;
  END IF;
  src := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS d FROM browse_new WHERE is_deleted = 0'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS d FROM browse_old WHERE is_deleted = 0'
    ELSE 'SELECT *, -1 AS d FROM browse_old WHERE is_deleted = 0 '
         'UNION ALL SELECT *, 1 AS d FROM browse_new WHERE is_deleted = 0' END;
  FOREACH statement IN ARRAY app_browse_rollup_sql(src) LOOP
    EXECUTE statement;
  END LOOP;
  RETURN NULL;
END $fn$;

DROP TRIGGER IF EXISTS app_browse_rollup_insert ON app_browse_log;
DROP TRIGGER IF EXISTS app_browse_rollup_delete ON app_browse_log;
DROP TRIGGER IF EXISTS app_browse_rollup_update ON app_browse_log;
DROP TRIGGER IF EXISTS app_browse_rollup_truncate ON app_browse_log;
CREATE TRIGGER app_browse_rollup_insert AFTER INSERT ON app_browse_log
  REFERENCING NEW TABLE AS browse_new FOR EACH STATEMENT EXECUTE FUNCTION app_browse_rollup();
CREATE TRIGGER app_browse_rollup_delete AFTER DELETE ON app_browse_log
  REFERENCING OLD TABLE AS browse_old FOR EACH STATEMENT EXECUTE FUNCTION app_browse_rollup();
CREATE TRIGGER app_browse_rollup_update AFTER UPDATE ON app_browse_log
  REFERENCING OLD TABLE AS browse_old NEW TABLE AS browse_new FOR EACH STATEMENT EXECUTE FUNCTION app_browse_rollup();
CREATE TRIGGER app_browse_rollup_truncate AFTER TRUNCATE ON app_browse_log
  FOR EACH STATEMENT EXECUTE FUNCTION app_browse_rollup();

-- The views already written (the triggers above hold off new writers until this transaction ends).
DELETE FROM app_browse_day;
DELETE FROM app_browse_month;
DO $$
DECLARE
  statement text;
BEGIN
  FOREACH statement IN ARRAY app_browse_rollup_sql('SELECT *, 1 AS d FROM app_browse_log WHERE is_deleted = 0') LOOP
    EXECUTE statement;
  END LOOP;
END $$;
ANALYZE app_browse_day;
ANALYZE app_browse_month;
