#!/bin/sh
# The part of the official postgres image's entrypoint that Labline uses: on an empty PGDATA, initdb with
# POSTGRES_USER (default postgres) and POSTGRES_PASSWORD, password authentication over TCP, and POSTGRES_DB.
set -eu
user="${POSTGRES_USER:-postgres}"
database="${POSTGRES_DB:-$user}"
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set (the superuser password)}"
  mkdir -p "$PGDATA"
  chmod 700 "$PGDATA"
  passwords="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$passwords"
  initdb --username="$user" --pwfile="$passwords" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" > /dev/null
  rm -f "$passwords"
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  if [ "$database" != postgres ]; then
    # On the socket only while the database is created: nobody reaches a half-initialised server.
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start > /dev/null
    psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres -q -c "CREATE DATABASE \"$database\""
    pg_ctl -D "$PGDATA" -m fast -w stop > /dev/null
  fi
  echo "PostgreSQL initialised in $PGDATA (database $database)"
fi
exec "$@"
