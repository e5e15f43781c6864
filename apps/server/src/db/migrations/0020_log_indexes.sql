-- The log screens list a tenant's rows newest first and filter by a date range; retention deletes by
-- time across tenants.
CREATE INDEX IF NOT EXISTS blade_log_usual_tenant_time_idx ON blade_log_usual (tenant_id, create_time, id);
CREATE INDEX IF NOT EXISTS blade_log_api_tenant_time_idx ON blade_log_api (tenant_id, create_time, id);
CREATE INDEX IF NOT EXISTS blade_log_error_tenant_time_idx ON blade_log_error (tenant_id, create_time, id);
CREATE INDEX IF NOT EXISTS blade_log_usual_time_idx ON blade_log_usual (create_time);
CREATE INDEX IF NOT EXISTS blade_log_api_time_idx ON blade_log_api (create_time);
CREATE INDEX IF NOT EXISTS blade_log_error_time_idx ON blade_log_error (create_time);
