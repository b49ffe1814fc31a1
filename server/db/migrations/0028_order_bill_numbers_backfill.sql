-- Orders and bills created before they had running numbers (0026) get theirs: per settings group, in the order they
-- were created, from the group's counter on (its prefix and next number in model_settings, or the defaults O- and
-- B- from 1), skipping numbers a record of the group already holds; the counter then stands after the last one
-- (docs/domain/fields.md, "Model settings").
DO $$
DECLARE
  t record;
  g record;
  r record;
  n int;
  p text;
  held int;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('orders', 'order', 'O-'), ('bills', 'bill', 'B-')) AS v (tbl, model, prefix) LOOP
    FOR g IN EXECUTE format('SELECT DISTINCT settings_group_uuid AS sg FROM %I WHERE number_internal IS NULL', t.tbl) LOOP
      n := 1;
      p := t.prefix;
      SELECT coalesce((m.values ->> 'next_number')::int, 1), coalesce(m.values ->> 'numbering_prefix', t.prefix)
        INTO n, p FROM model_settings m WHERE m.settings_group_uuid = g.sg AND m.model = t.model;
      IF n IS NULL THEN
        n := 1;
        p := t.prefix;
      END IF;
      FOR r IN EXECUTE format(
        'SELECT uuid FROM %I WHERE settings_group_uuid = $1 AND number_internal IS NULL ORDER BY created_at, uuid',
        t.tbl) USING g.sg LOOP
        LOOP
          held := NULL;
          EXECUTE format('SELECT 1 FROM %I WHERE settings_group_uuid = $1 AND number_internal = $2 LIMIT 1', t.tbl)
            INTO held USING g.sg, p || lpad(n::text, greatest(5, length(n::text)), '0');
          EXIT WHEN held IS NULL;
          n := n + 1;
        END LOOP;
        EXECUTE format('UPDATE %I SET number_internal = $1 WHERE uuid = $2', t.tbl) USING p || lpad(n::text, greatest(5, length(n::text)), '0'), r.uuid;
        n := n + 1;
      END LOOP;
      INSERT INTO model_settings AS m (settings_group_uuid, model, values)
        VALUES (g.sg, t.model, jsonb_build_object('next_number', n))
        ON CONFLICT (settings_group_uuid, model) DO UPDATE SET values = m.values || jsonb_build_object('next_number', n);
    END LOOP;
  END LOOP;
END
$$;
