-- Generated from the resource definition "infoCommunity" (发布社区) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_info_community (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  article_id bigint NOT NULL, -- 文章
  community_id bigint NOT NULL, -- 所属社区
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_info_community_list_idx ON app_info_community (tenant_id, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_info_community_article_id_idx ON app_info_community (tenant_id, article_id, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_info_community_community_id_idx ON app_info_community (tenant_id, community_id, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_info_community ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_info_community
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
