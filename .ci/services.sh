# Sourced by .ci/run: install (Debian) and start what the test suite needs.
#  - PostgreSQL for the study-storage tests (LINGEVAL_TEST_POSTGRES_URL)
#  - Chromium for the browser test (LINGEVAL_CHROMIUM)
# Each step is skipped when its tool is already there, so developers can source it too.
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    need=""
    command -v pg_ctlcluster >/dev/null 2>&1 || need="$need postgresql"
    [ -x /usr/bin/chromium ] || need="$need chromium"
    if [ -n "$need" ]; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need >/dev/null
    fi
fi
if command -v pg_lsclusters >/dev/null 2>&1; then
    ver=$(pg_lsclusters -h | awk 'NR==1 {print $1}')
    if [ -n "$ver" ]; then
        pg_ctlcluster "$ver" main start >/dev/null 2>&1 || true
        su postgres -c "psql -q -c \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname='lingeval') THEN CREATE ROLE lingeval LOGIN PASSWORD 'lingeval' CREATEDB; END IF; END \\\$\\\$;\"" || true
        su postgres -c "createdb -O lingeval lingeval_test" 2>/dev/null || true
        export LINGEVAL_TEST_POSTGRES_URL="postgresql+psycopg://lingeval:lingeval@127.0.0.1:5432/lingeval_test"
    fi
fi
[ -x /usr/bin/chromium ] && export LINGEVAL_CHROMIUM=/usr/bin/chromium
true
