-- 通知公告 (blade-desk/notice): blade_notice (docs/domain-model.md#通知公告-notice), content widened for rich text.
CREATE TABLE blade_notice (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  title varchar(255) NOT NULL,
  category int NOT NULL,
  release_time timestamp(0) NOT NULL,
  content text,
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0,
  version int NOT NULL DEFAULT 1
);
CREATE INDEX blade_notice_tenant_idx ON blade_notice (tenant_id, release_time DESC);
ALTER TABLE blade_notice ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blade_notice
  USING (current_setting('app.all_tenants', true) = 'on' OR tenant_id = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.all_tenants', true) = 'on' OR tenant_id = current_setting('app.tenant_id', true));
