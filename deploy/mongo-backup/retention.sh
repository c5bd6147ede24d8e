# The retention of the SQLite backups (src/platform/backup/retention.ts), for MongoDB's dumps in
# the bucket: the 8 newest, plus the newest of each of the last 7 days that have one, plus the
# newest of each of the last 4 weeks (Monday to Sunday) that have one. Days and weeks are UTC's:
# the dumps are named with their UTC time, and the image has no time zone data.

readonly KEEP_LATEST=8 KEEP_DAILY=7 KEEP_WEEKLY=4
# A dump's name: its UTC time, e.g. 2026-11-26T08-00-00Z.archive.gz. Nothing else is ever deleted.
readonly DUMP_NAME='^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}-[0-9]{2}-[0-9]{2}Z\.archive\.gz$'

# Reads names (one a line, any order) and prints the dumps among them that retention does not keep.
dumps_to_delete() {
  local -a dumps
  mapfile -t dumps < <(grep -E "$DUMP_NAME" | sort -r)
  local -A keep=() days=() weeks=()
  local index=0 dump day week
  for dump in "${dumps[@]}"; do
    day=${dump:0:10}
    week=$(date -u -d "$day" +%G-W%V)
    if ((index < KEEP_LATEST)); then keep[$dump]=1; fi
    if ((${#days[@]} < KEEP_DAILY)) && [[ -z ${days[$day]:-} ]]; then days[$day]=1 keep[$dump]=1; fi
    if ((${#weeks[@]} < KEEP_WEEKLY)) && [[ -z ${weeks[$week]:-} ]]; then weeks[$week]=1 keep[$dump]=1; fi
    index=$((index + 1))
  done
  for dump in "${dumps[@]}"; do
    [[ -n ${keep[$dump]:-} ]] || echo "$dump"
  done
}
