-- 问卷 result counters (apps/server/src/domains/community/questionnaire-counters.ts): each question's
-- answer_num and, for ratings, score_nums (answers per score 1..满分). On a new database the generated
-- table (created after the migrations) already has the columns and nothing needs filling; on an existing
-- one this adds them in the generated shape and fills them from the answer lines already written.
DO $$
BEGIN
  IF to_regclass('app_questionnaire_question') IS NULL OR to_regclass('app_questionnaire_answer') IS NULL THEN
    RETURN;
  END IF;
  ALTER TABLE app_questionnaire_question ADD COLUMN IF NOT EXISTS answer_num int NOT NULL DEFAULT 0;
  ALTER TABLE app_questionnaire_question ADD COLUMN IF NOT EXISTS score_nums varchar(120);
  UPDATE app_questionnaire_question q SET answer_num = c.n
    FROM (SELECT question_id, count(*) AS n FROM app_questionnaire_answer WHERE is_deleted = 0
          GROUP BY question_id) c
   WHERE c.question_id = q.id;
  UPDATE app_questionnaire_question q SET score_nums = (
      SELECT string_agg(coalesce(c.n, 0)::text, ',' ORDER BY s.i)
        FROM generate_series(1, coalesce(q.score_max, 5)) s(i)
        LEFT JOIN (SELECT a.answer_score, count(*) AS n FROM app_questionnaire_answer a
                    WHERE a.question_id = q.id AND a.is_deleted = 0 GROUP BY a.answer_score) c
          ON c.answer_score = s.i)
   WHERE q.question_type = 4;
END $$;
