-- Generated from the resource definition "sysQuestion" (常见问题) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_sys_question (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  category int NOT NULL, -- 分类
  question varchar(200) NOT NULL, -- 问题
  question_bo varchar(200), -- 问题(藏文)
  answer text NOT NULL, -- 解答
  answer_bo text, -- 解答(藏文)
  sort int NOT NULL DEFAULT 1, -- 排序
  enable_status int NOT NULL DEFAULT 1, -- 启用
  browse_num int NOT NULL DEFAULT 0, -- 查看数
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_sys_question_list_idx ON app_sys_question (tenant_id, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_question_category_idx ON app_sys_question (tenant_id, category, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_question_enable_status_idx ON app_sys_question (tenant_id, enable_status, sort, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_sys_question ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_sys_question
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
