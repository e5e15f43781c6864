-- Parameters (blade_param, 参数管理) belong to a tenant. Until now they were global: every tenant read the
-- one Hikvision account, map settings and points rules there were. The rows there are become the
-- platform tenant's (000000): the platform-wide parameters and the platform's own values of the
-- per-tenant ones. Another tenant starts with none of its own and reads the declared defaults
-- (packages/resources/src/system/param-keys.ts), never the platform's values; the seed adds its rows.
ALTER TABLE blade_param ADD COLUMN IF NOT EXISTS tenant_id varchar(12) NOT NULL DEFAULT '000000';
ALTER TABLE blade_param ALTER COLUMN tenant_id DROP DEFAULT;

DROP INDEX IF EXISTS blade_param_key_uq;
CREATE UNIQUE INDEX blade_param_key_uq ON blade_param (tenant_id, param_key) WHERE is_deleted = 0;

ALTER TABLE blade_param ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON blade_param;
CREATE POLICY tenant_isolation ON blade_param
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));

-- The platform-wide values of `keys`, for the server's readers inside any tenant's transaction (the
-- policy above hides the platform's rows there). The server passes only keys declared platform-wide
-- (apps/server/src/db/params.ts); no request string reaches it. Runs as its owner, who is not bound by
-- the policy.
CREATE OR REPLACE FUNCTION tx_platform_params(keys varchar[])
  RETURNS TABLE (param_key varchar, param_value varchar)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT p.param_key, p.param_value FROM blade_param p
   WHERE p.tenant_id = '000000' AND p.is_deleted = 0 AND p.param_key = ANY (keys)
$$;
REVOKE ALL ON FUNCTION tx_platform_params(varchar[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tx_platform_params(varchar[]) TO tongxin_app;
