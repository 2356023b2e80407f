# Shared by the backup scripts (sourced, not run): where PostgreSQL's binaries are, and checks of
# the tools and settings every script needs. docs/operations/backup-and-restore.md describes them.

die() {
  echo "$(basename "$0"): $*" >&2
  exit 1
}

# PostgreSQL's client binaries of the server's major version: PG_BINDIR, else the newest
# /usr/lib/postgresql/<version>/bin (Debian), else PATH. pg_verifybackup and pg_archivecleanup
# are not on Debian's PATH.
pg_bin() {
  local dir="${PG_BINDIR:-}"
  if [ -z "$dir" ]; then
    dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  fi
  if [ -n "$dir" ] && [ -x "$dir/$1" ]; then
    echo "$dir/$1"
  elif command -v "$1" >/dev/null 2>&1; then
    command -v "$1"
  else
    die "$1 not found (set PG_BINDIR to PostgreSQL's bin directory)"
  fi
}

need() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed (Debian: apt-get install $tool)"
  done
}

# The backup repository: base/<id>/ (one encrypted base backup each) and wal/ (encrypted WAL).
backup_dir() {
  [ -n "${BACKUP_DIR:-}" ] || die "BACKUP_DIR is not set (the backup repository)"
  echo "$BACKUP_DIR"
}

# A base backup's directory: an id under base/, or `latest`.
base_of() {
  local dir="$1" id="$2"
  if [ "$id" = latest ]; then
    id="$(ls "$dir/base" 2>/dev/null | sort | tail -n 1)"
    [ -n "$id" ] || die "no base backup in $dir/base"
  fi
  [ -f "$dir/base/$id/base.tar.zst.age" ] || die "no base backup $id in $dir/base"
  echo "$dir/base/$id"
}

# A value of backup_label ("START WAL LOCATION: 0/2000028 (file 000000010000000000000002)").
label_field() {
  sed -n "s/^$2: //p" "$1" | head -n 1
}
