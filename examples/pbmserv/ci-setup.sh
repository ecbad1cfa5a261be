# Sourced (". examples/pbmserv/ci-setup.sh") by .ci/run and by ci.sh: on
# a fresh Debian machine, as root, it installs what the server's tests need
# beyond Go (Debian's chromium for the browser test, Debian's postgresql for
# the PostgreSQL suite), starts PostgreSQL on loopback with a database for
# the tests and exports PBMSERV_TEST_POSTGRES. Without root it installs
# nothing: the tests then skip what is missing, except under CI=true, where
# a missing tool fails the tests that need it.

if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
	export DEBIAN_FRONTEND=noninteractive
	apt-get update
	apt-get install -y --no-install-recommends chromium postgresql ca-certificates

	# Debian's package creates the cluster "main"; in a container it may not
	# have been started (policy-rc.d), so start it, or create one if none.
	ver=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
	if ! pg_lsclusters -h | awk -v v="$ver" '$1 == v && $2 == "main"' | grep -q .; then
		pg_createcluster "$ver" main
	fi
	pg_ctlcluster "$ver" main start || pg_ctlcluster "$ver" main status
	port=$(pg_lsclusters -h | awk -v v="$ver" '$1 == v && $2 == "main" { print $3 }')

	# A role and a database for the tests, reached over TCP on loopback with
	# a password (Debian's pg_hba.conf allows that for 127.0.0.1).
	as_postgres() { (cd / && su postgres -c "$1"); }
	if [ "$(as_postgres "psql -p $port -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'pbmserv'\"")" != 1 ]; then
		as_postgres "psql -p $port -v ON_ERROR_STOP=1 -qc \"CREATE ROLE pbmserv LOGIN PASSWORD 'pbmserv'\""
	fi
	if [ "$(as_postgres "psql -p $port -tAc \"SELECT 1 FROM pg_database WHERE datname = 'pbmserv'\"")" != 1 ]; then
		as_postgres "createdb -p $port -O pbmserv pbmserv"
	fi
	export PBMSERV_TEST_POSTGRES="postgres://pbmserv:pbmserv@127.0.0.1:$port/pbmserv?sslmode=disable"
fi

