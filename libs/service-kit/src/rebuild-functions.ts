import type { Migration } from '@labline/db';

/**
 * A rebuild (rebuild.ts) replaces a projection's tables with copies filled from the events. Creating,
 * dropping and moving tables is the schema owner's; the service signs in as its application role, which
 * holds no DDL. These functions, owned by the owner and running with its rights, do exactly the rebuild's
 * steps and no more, and only for tables the caller could empty and refill anyway (INSERT and DELETE on
 * them): never the append-only events, nor anything of another schema. So the start-up rebuild and
 * `npm run projections:rebuild` need nothing but the application role.
 *
 * They run with the live schema alone on their search path (pg_temp last), so nothing another role can
 * create is looked up in place of what they call; the live schema is that path's first entry.
 */
export const rebuildFunctionsMigration: Migration = {
  name: 'service_kit_002_projection_rebuild_functions',
  sql: String.raw`
    SELECT set_config('search_path', quote_ident(current_schema()) || ', pg_temp', true);

    CREATE FUNCTION projection_rebuild_check(shadow text, tables text[]) RETURNS void
    LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    DECLARE
      live constant text := current_schema();
      table_name text;
      relation regclass;
    BEGIN
      IF shadow !~ '^rebuild_[a-z0-9_]{1,55}$' THEN
        RAISE EXCEPTION 'not a rebuild schema: %', shadow USING ERRCODE = 'invalid_parameter_value';
      END IF;
      FOREACH table_name IN ARRAY coalesce(tables, '{}') LOOP
        relation := to_regclass(format('%I.%I', live, table_name));
        IF relation IS NULL
           OR (SELECT relkind FROM pg_catalog.pg_class WHERE oid = relation) <> 'r'
           OR NOT has_table_privilege(session_user, relation, 'INSERT')
           OR NOT has_table_privilege(session_user, relation, 'DELETE') THEN
          RAISE EXCEPTION 'a rebuild may not replace %.%', live, table_name USING ERRCODE = 'insufficient_privilege';
        END IF;
      END LOOP;
    END $$;

    -- The shadow schema with an empty copy of each table, each usable by whoever may use the original.
    CREATE FUNCTION projection_rebuild_prepare(shadow text, tables text[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
    DECLARE
      live constant text := current_schema();
      table_name text;
      statement text;
    BEGIN
      PERFORM projection_rebuild_check(shadow, tables);
      EXECUTE format('DROP SCHEMA IF EXISTS %I CASCADE', shadow);
      EXECUTE format('CREATE SCHEMA %I', shadow);
      FOR statement IN
        SELECT format('GRANT %s ON SCHEMA %I TO %s', a.privilege_type, shadow,
                      CASE a.grantee WHEN 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END)
        FROM pg_catalog.pg_namespace n, aclexplode(n.nspacl) a
        WHERE n.nspname = live AND a.grantee <> n.nspowner
      LOOP
        EXECUTE statement;
      END LOOP;
      FOREACH table_name IN ARRAY tables LOOP
        EXECUTE format('CREATE TABLE %I.%I (LIKE %I.%I INCLUDING ALL)', shadow, table_name, live, table_name);
        FOR statement IN
          SELECT format('GRANT %s ON %I.%I TO %s', a.privilege_type, shadow, table_name,
                        CASE a.grantee WHEN 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END)
          FROM pg_catalog.pg_class c, aclexplode(c.relacl) a
          WHERE c.oid = format('%I.%I', live, table_name)::regclass AND a.grantee <> c.relowner
        LOOP
          EXECUTE statement;
        END LOOP;
      END LOOP;
    END $$;

    -- Inside the transaction that holds the live tables' lock: the copies take the live tables' place.
    CREATE FUNCTION projection_rebuild_swap(shadow text, tables text[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
    DECLARE
      live constant text := current_schema();
      shape constant text := '^CREATE (UNIQUE )?INDEX \S+ ON \S+';
      originals jsonb;
      table_name text;
      renamed record;
    BEGIN
      PERFORM projection_rebuild_check(shadow, tables);
      -- The copies' indexes got generated names; constraint names are part of the contract (a unique index
      -- is how a 409 is recognised), so each takes back the name of the original that does the same.
      SELECT coalesce(jsonb_agg(jsonb_build_object(
               'table', i.tablename, 'name', i.indexname,
               'shape', regexp_replace(i.indexdef, shape, 'CREATE \1INDEX ON'))), '[]')
        INTO originals
        FROM pg_catalog.pg_indexes i WHERE i.schemaname = live AND i.tablename = ANY (tables);
      FOREACH table_name IN ARRAY tables LOOP
        EXECUTE format('DROP TABLE %I.%I', live, table_name);
        EXECUTE format('ALTER TABLE %I.%I SET SCHEMA %I', shadow, table_name, live);
      END LOOP;
      FOR renamed IN
        SELECT i.indexname AS copy, o ->> 'name' AS original
        FROM pg_catalog.pg_indexes i
        JOIN jsonb_array_elements(originals) o
          ON o ->> 'table' = i.tablename
         AND o ->> 'shape' = regexp_replace(i.indexdef, shape, 'CREATE \1INDEX ON')
        WHERE i.schemaname = live AND i.tablename = ANY (tables) AND i.indexname <> o ->> 'name'
      LOOP
        EXECUTE format('ALTER INDEX %I.%I RENAME TO %I', live, renamed.copy, renamed.original);
      END LOOP;
      EXECUTE format('DROP SCHEMA %I', shadow);
    END $$;

    -- A failed rebuild's copies go; the live tables were never touched.
    CREATE FUNCTION projection_rebuild_discard(shadow text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
    BEGIN
      PERFORM projection_rebuild_check(shadow, '{}');
      EXECUTE format('DROP SCHEMA IF EXISTS %I CASCADE', shadow);
    END $$;
  `,
};
