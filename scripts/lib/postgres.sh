# A throwaway PostgreSQL cluster for one test run (sourced by scripts/test).
#
# start_throwaway_postgres: initdb into a fresh temporary directory, start the server on a
# unix socket in that directory only (no TCP port: nothing to collide with), trust auth, and
# export CARROM_TEST_POSTGRES (a SQLAlchemy URL of its `postgres` database, through which the
# tests create and drop one database each). stop_throwaway_postgres stops it and removes the
# directory; scripts/test calls it on EXIT, so it runs when pytest fails too. It never touches
# a cluster the machine already has. As root the server runs as the `postgres` system user
# (PostgreSQL refuses to run as root), which owns the directory.

_pg_bin() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  [ -n "$dir" ] && [ -x "$dir/initdb" ] || { echo "PostgreSQL's initdb is missing: apt-get install postgresql" >&2; return 1; }
  echo "$dir"
}

_pg_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_throwaway_postgres() {
  local bin
  bin="$(_pg_bin)" || return 1
  CARROM_PG_DIR="$(mktemp -d /tmp/carrom-pg.XXXXXX)"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$CARROM_PG_DIR"
  _pg_as_owner "$bin/initdb" -D "$CARROM_PG_DIR/data" -U postgres -A trust -E UTF8 --no-locale >"$CARROM_PG_DIR/initdb.log" 2>&1 \
    || { cat "$CARROM_PG_DIR/initdb.log" >&2; return 1; }
  _pg_as_owner "$bin/pg_ctl" -D "$CARROM_PG_DIR/data" -l "$CARROM_PG_DIR/server.log" -w -t 60 \
    -o "-k $CARROM_PG_DIR -c listen_addresses='' -c fsync=off" start >/dev/null \
    || { cat "$CARROM_PG_DIR/server.log" >&2; return 1; }
  export CARROM_TEST_POSTGRES="postgresql+psycopg://postgres@/postgres?host=$CARROM_PG_DIR"
  export CARROM_PG_BIN="$bin"
}

stop_throwaway_postgres() {
  [ -n "${CARROM_PG_DIR:-}" ] && [ -d "$CARROM_PG_DIR" ] || return 0
  _pg_as_owner "$CARROM_PG_BIN/pg_ctl" -D "$CARROM_PG_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$CARROM_PG_DIR"
}
