-- Generated from the resource definition "studyArticle" (学习资料) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_study_article (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  title varchar(200) NOT NULL, -- 标题
  title_bo varchar(400), -- 标题(藏文)
  section_id bigint NOT NULL, -- 栏目
  sub_title varchar(200), -- 摘要
  cover varchar(500), -- 封面
  content_type int NOT NULL DEFAULT 1, -- 内容类型
  content text, -- 正文
  video_url varchar(500), -- 视频
  link_url varchar(500), -- 外链
  author varchar(50), -- 作者
  is_top int NOT NULL DEFAULT 0, -- 置顶
  publish_status int NOT NULL DEFAULT 1, -- 发布状态
  publish_time timestamp(0), -- 发布时间
  browse_num int NOT NULL DEFAULT 0, -- 浏览量
  attach_ids varchar(2000), -- 附件
  file_type int NOT NULL DEFAULT 1, -- 资料类型
  is_required int NOT NULL DEFAULT 0, -- 党员必学
  study_duration int, -- 建议时长(分钟)
  study_score int, -- 学完积分
  read_num int NOT NULL DEFAULT 0, -- 已读人数
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_study_article_list_idx ON app_study_article (tenant_id, is_top DESC, publish_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_study_article_section_id_idx ON app_study_article (tenant_id, section_id, is_top DESC, publish_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_study_article_content_type_idx ON app_study_article (tenant_id, content_type, is_top DESC, publish_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_study_article_publish_status_idx ON app_study_article (tenant_id, publish_status, is_top DESC, publish_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_study_article_file_type_idx ON app_study_article (tenant_id, file_type, is_top DESC, publish_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_study_article_is_required_idx ON app_study_article (tenant_id, is_required, is_top DESC, publish_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_study_article_publish_time_idx ON app_study_article (tenant_id, publish_time) WHERE is_deleted = 0;

ALTER TABLE app_study_article ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_study_article
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
