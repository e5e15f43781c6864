-- Uploaded files (the uploader's records) and per-user UI settings such as table columns.
CREATE TABLE blade_attach (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  link varchar(1000) NOT NULL,
  domain_url varchar(500),
  name varchar(500) NOT NULL,
  original_name varchar(500) NOT NULL,
  extension varchar(20),
  content_type varchar(100),
  attach_size bigint NOT NULL DEFAULT 0,
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0
);
CREATE INDEX blade_attach_tenant_idx ON blade_attach (tenant_id, create_time);
CREATE UNIQUE INDEX blade_attach_name_uq ON blade_attach (name);
ALTER TABLE blade_attach ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blade_attach
  USING (current_setting('app.all_tenants', true) = 'on' OR tenant_id = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.all_tenants', true) = 'on' OR tenant_id = current_setting('app.tenant_id', true));
