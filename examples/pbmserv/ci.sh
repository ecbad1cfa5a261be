#!/usr/bin/env bash
# The pbmserv example's checks on their own: the tools its tests need
# (ci-setup.sh: chromium and PostgreSQL, installed as root on Debian), then
# the server's vet and tests, the race detector included. .ci/run runs the
# same tests with the library's, through go.work.
set -euo pipefail
cd "$(dirname "$0")"
. ./ci-setup.sh

go version
go vet ./...
go test -count=1 ./...
go test -count=1 -race -short ./...
echo "pbmserv ci: all checks passed"
