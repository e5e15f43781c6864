-- Columns the system resource definitions (packages/resources/src/system) need beyond 0001, and the
-- per-user settings store (column settings of ResourcePage and the like). PostgreSQL 15 and PGlite.

-- 身份证号: the user picker lists and searches users by realName, idCard and phone
-- (docs/front-end.md#pickers-and-widgets).
ALTER TABLE blade_user ADD COLUMN IF NOT EXISTS id_card varchar(18);
-- 用户拓展信息: written by user/update-platform with userType (BladeX keeps it in blade_user_web/app/other).
ALTER TABLE blade_user ADD COLUMN IF NOT EXISTS user_ext varchar(255);

CREATE TABLE IF NOT EXISTS blade_user_setting (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  user_id bigint NOT NULL,
  setting_key varchar(128) NOT NULL,
  setting_value text,
  update_time timestamp(0)
);
CREATE UNIQUE INDEX IF NOT EXISTS blade_user_setting_uq ON blade_user_setting (tenant_id, user_id, setting_key);

ALTER TABLE blade_user_setting ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON blade_user_setting;
CREATE POLICY tenant_isolation ON blade_user_setting
  USING (current_setting('app.all_tenants', true) = 'on' OR tenant_id = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.all_tenants', true) = 'on' OR tenant_id = current_setting('app.tenant_id', true));

GRANT SELECT, INSERT, UPDATE, DELETE ON blade_user_setting TO tongxin_app;
