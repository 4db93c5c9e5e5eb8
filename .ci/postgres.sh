# A PostgreSQL for the test run: the one at TEST_DATABASE_URL (default 127.0.0.1:5432, database
# test) when it answers; otherwise the machine's cluster is started, and failing that a private
# cluster (initdb in a temporary folder, a free port) whose address is exported.

postgres_answers() {
  local url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
  command -v psql >/dev/null 2>&1 && psql "$url" -Atqc 'select 1' >/dev/null 2>&1
}

postgres_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

ensure_postgres() {
  if postgres_answers; then
    echo "PostgreSQL responde: se usa para las pruebas."
    return
  fi
  if [ -z "${TEST_DATABASE_URL:-}" ] && command -v pg_ctlcluster >/dev/null 2>&1 && [ -n "$(ls /etc/postgresql 2>/dev/null)" ]; then
    echo "Arrancando el PostgreSQL del sistema..."
    for version in $(ls /etc/postgresql); do
      pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
    done
    sleep 2
    if postgres_answers; then
      psql postgres://postgres@127.0.0.1:5432/postgres -Atqc 'create database test' >/dev/null 2>&1 || true
      postgres_answers && return
    fi
  fi
  if [ -z "$(postgres_bin)" ]; then
    echo "Instalando PostgreSQL de Debian..."
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y --no-install-recommends postgresql postgresql-client
  fi
  local bin root port
  bin="$(postgres_bin)"
  root="$(mktemp -d -t cbp-ci-pg-XXXXXX)"
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
  local run=()
  if [ "$(id -u)" = 0 ]; then
    chown postgres:postgres "$root"
    run=(runuser -u postgres --)
  fi
  echo "Arrancando un PostgreSQL propio en 127.0.0.1:${port}..."
  "${run[@]}" "$bin/initdb" -D "$root/data" -A trust -U postgres --no-sync >/dev/null
  "${run[@]}" "$bin/pg_ctl" -D "$root/data" -l "$root/log" -w \
    -o "-p ${port} -k ${root} -c listen_addresses=127.0.0.1" start >/dev/null
  "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres test
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:${port}/test"
  # Stopped when the run ends, whatever its outcome.
  trap "${run[*]} $bin/pg_ctl -D $root/data -m fast stop >/dev/null 2>&1; rm -rf $root" EXIT
}
