-- Generated from the resource definition "datasource" (数据源管理) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS blade_datasource (
  id bigint PRIMARY KEY, -- primary key
  name varchar(100) NOT NULL, -- 名称
  driver_class varchar(100) NOT NULL, -- 驱动类
  url varchar(500), -- 连接地址
  username varchar(50), -- 用户名
  password varchar(500), -- 密码
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

CREATE INDEX IF NOT EXISTS blade_datasource_list_idx ON blade_datasource (create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS blade_datasource_driver_class_idx ON blade_datasource (driver_class, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS blade_datasource_name_idx ON blade_datasource (name) WHERE is_deleted = 0;
CREATE UNIQUE INDEX IF NOT EXISTS blade_datasource_name_uq ON blade_datasource (name) WHERE is_deleted = 0;
