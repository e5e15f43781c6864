-- Generated from the resource definition "model" (数据模型) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS blade_model (
  id bigint PRIMARY KEY, -- primary key
  datasource_id bigint NOT NULL, -- 数据源
  model_name varchar(64) NOT NULL, -- 模型名称
  model_table varchar(64) NOT NULL, -- 模型表名
  model_code varchar(64), -- 模型编号
  remark varchar(255), -- 备注
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS blade_model_list_idx ON blade_model (create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS blade_model_model_name_idx ON blade_model (model_name) WHERE is_deleted = 0;
