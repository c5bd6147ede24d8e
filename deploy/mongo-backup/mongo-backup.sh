#!/usr/bin/env bash
# MongoDB's backups in the docker compose deployment (README, "Backups and health"): a dump of the
# replica set every six hours, copied to the bucket the SQLite backups use, kept with their
# retention. The mongo-backup service runs `schedule`; the other commands are for people:
#   mongo-backup.sh schedule        one backup now, then one every six hours
#   mongo-backup.sh now             one backup now
#   mongo-backup.sh list            the dumps in the bucket, newest first
#   mongo-backup.sh restore <dump>  fetches a dump and restores it (stop the apps first)
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/retention.sh"

readonly EVERY_SECONDS=$((6 * 60 * 60))
# After a failed backup, the next try: soon, but not in a tight loop against a store that is down.
readonly RETRY_SECONDS=$((30 * 60))
readonly WORK_DIR=${TMPDIR:-/tmp}
# Touched when a backup has reached the bucket: the service's healthcheck reads its age.
readonly LAST_GOOD=$WORK_DIR/last-good-backup

: "${MONGODB_URI:?set MONGODB_URI: the replica set to back up, without a database name}"

# BACKUP_S3_*, or else the photos' S3_* bucket, as for the SQLite backups
# (src/platform/backup/offsite.ts); the dumps go under <prefix>mongodb/. rclone reads its remote
# from these variables alone, no configuration file.
export RCLONE_CONFIG=/dev/null
if [[ -n ${BACKUP_S3_BUCKET:-} ]]; then
  bucket=$BACKUP_S3_BUCKET endpoint=${BACKUP_S3_ENDPOINT:-} region=${BACKUP_S3_REGION:-${S3_REGION:-}}
  access_key=${BACKUP_S3_ACCESS_KEY_ID:-} secret_key=${BACKUP_S3_SECRET_ACCESS_KEY:-}
else
  bucket=${S3_BUCKET:?set BACKUP_S3_BUCKET (or S3_BUCKET): the bucket the dumps go to}
  endpoint=${S3_ENDPOINT:-} region=${S3_REGION:-} access_key=${S3_ACCESS_KEY_ID:-} secret_key=${S3_SECRET_ACCESS_KEY:-}
fi
export RCLONE_CONFIG_STORE_TYPE=s3
export RCLONE_CONFIG_STORE_PROVIDER=$([[ -n $endpoint ]] && echo Other || echo AWS)
export RCLONE_CONFIG_STORE_ENDPOINT=$endpoint RCLONE_CONFIG_STORE_REGION=$region
export RCLONE_CONFIG_STORE_ACCESS_KEY_ID=$access_key RCLONE_CONFIG_STORE_SECRET_ACCESS_KEY=$secret_key
# Without a key, the machine's own credentials (AWS_* variables, an instance role).
export RCLONE_CONFIG_STORE_ENV_AUTH=$([[ -z $access_key ]] && echo true || echo false)
# The bucket exists: a key allowed only inside it may not look for or create buckets.
export RCLONE_CONFIG_STORE_NO_CHECK_BUCKET=true
readonly FOLDER="store:$bucket/${BACKUP_S3_PREFIX:-backups/}mongodb"

log() { echo "[mongo-backup] $*" >&2; }

# Dumps into $1 and uploads it under its UTC time; the retention then deletes what it keeps no more.
dump_and_upload() {
  local dump=$1 name listing expired
  name="$(date -u +%Y-%m-%dT%H-%M-%SZ).archive.gz"
  # --oplog: one moment of the whole replica set, however long the dump takes while orders go on
  # (the writes made meanwhile are in it, replayed by restore's --oplogReplay).
  mongodump --uri="$MONGODB_URI" --oplog --archive="$dump" --gzip || { log "mongodump failed: nothing uploaded"; return 1; }
  [[ -s $dump ]] || { log "mongodump wrote nothing: nothing uploaded"; return 1; }
  # rclone compares the size and checksum of what the store holds with the file before it succeeds.
  rclone copyto "$dump" "$FOLDER/$name" || { log "the upload of $name to $FOLDER failed"; return 1; }
  touch "$LAST_GOOD"
  log "backed up to $FOLDER/$name"
  listing=$(rclone lsf --files-only "$FOLDER") || { log "could not list $FOLDER: nothing pruned"; return 0; }
  expired=$(dumps_to_delete <<<"$listing")
  [[ -n $expired ]] || return 0
  # One call for all of them (a first run may find many). Never with an empty list: that is a filter.
  if rclone delete "$FOLDER" --files-from-raw /dev/stdin <<<"$expired"; then
    log "deleted (retention): ${expired//$'\n'/ }"
  else
    log "could not delete every dump the retention lets go: ${expired//$'\n'/ }"
  fi
}

backup_now() {
  local dump status=0
  dump=$(mktemp "$WORK_DIR/dump.XXXXXX")
  dump_and_upload "$dump" || status=$?
  rm -f "$dump"
  return "$status"
}

schedule() {
  while true; do
    if backup_now; then sleep "$EVERY_SECONDS"; else sleep "$RETRY_SECONDS"; fi
  done
}

list() {
  rclone lsf --files-only "$FOLDER" | { grep -E "$DUMP_NAME" || true; } | sort -r
}

restore() {
  local name=${1:-} dump status=0
  if [[ ! $name =~ $DUMP_NAME ]]; then
    log "Name a dump to restore, e.g. 2026-11-26T08-00-00Z.archive.gz. The dumps in $FOLDER, newest first:"
    list
    return 2
  fi
  dump=$(mktemp "$WORK_DIR/restore.XXXXXX")
  if rclone copyto "$FOLDER/$name" "$dump"; then
    # --drop: each collection becomes the dump's (documents added since are gone);
    # --oplogReplay: up to the moment the dump ended.
    mongorestore --uri="$MONGODB_URI" --archive="$dump" --gzip --drop --oplogReplay || status=$?
  else
    log "No dump $name in $FOLDER (list names them)."
    status=1
  fi
  rm -f "$dump"
  return "$status"
}

case ${1:-schedule} in
  schedule) schedule ;;
  now) backup_now ;;
  list) list ;;
  restore) restore "${2:-}" ;;
  *)
    log "unknown command ${1}: schedule, now, list or restore <dump>"
    exit 2
    ;;
esac
