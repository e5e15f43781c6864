-- Generated from the resource definition "studyRecord" (学习记录) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_study_record (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  article_id bigint NOT NULL, -- 学习资料
  app_user_id bigint NOT NULL, -- 阅读人
  start_time timestamp(0) NOT NULL, -- 首次阅读
  end_time timestamp(0), -- 最近阅读
  read_count int NOT NULL DEFAULT 1, -- 阅读次数
  study_seconds int NOT NULL DEFAULT 0, -- 学习时长(秒)
  finished int NOT NULL DEFAULT 0, -- 已学完
  score_granted int NOT NULL DEFAULT 0, -- 已发积分
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_study_record_list_idx ON app_study_record (tenant_id, start_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_study_record_article_id_idx ON app_study_record (tenant_id, article_id, start_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_study_record_app_user_id_idx ON app_study_record (tenant_id, app_user_id, start_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_study_record_end_time_idx ON app_study_record (tenant_id, end_time) WHERE is_deleted = 0;

ALTER TABLE app_study_record ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_study_record
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
