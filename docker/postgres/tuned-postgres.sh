#!/bin/sh
# The compose file's database with the settings DeedWatch ships (server/src/db/tuning.ts, the
# same rule): sized from the container's memory limit, or the host's memory without one. Any
# of them, or any other setting, is overridden by POSTGRES_SETTINGS ("name=value" pairs
# separated by spaces), which come last on the command line.
set -eu

memory_kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)
for limit_file in /sys/fs/cgroup/memory.max /sys/fs/cgroup/memory/memory.limit_in_bytes; do
  if [ -r "$limit_file" ]; then
    limit=$(cat "$limit_file")
    case "$limit" in
      '' | max | *[!0-9]*) ;;
      *) [ $((limit / 1024)) -lt "$memory_kb" ] && memory_kb=$((limit / 1024)) ;;
    esac
  fi
done
memory_mb=$((memory_kb / 1024))

clamp() { # value low high
  if [ "$1" -lt "$2" ]; then echo "$2"; elif [ "$1" -gt "$3" ]; then echo "$3"; else echo "$1"; fi
}
shared_buffers=$(clamp $((memory_mb / 4)) 128 8192)
effective_cache_size=$(clamp $((memory_kb * 3 / 4 / 1024)) 512 1048576)
work_mem=$(clamp $((memory_mb / 1024)) 4 32)
maintenance_work_mem=$(clamp $((memory_mb / 16)) 64 2048)

set -- postgres \
  -c "shared_buffers=${shared_buffers}MB" \
  -c "effective_cache_size=${effective_cache_size}MB" \
  -c "work_mem=${work_mem}MB" \
  -c "maintenance_work_mem=${maintenance_work_mem}MB" \
  -c checkpoint_timeout=15min \
  -c max_wal_size=4GB \
  -c min_wal_size=1GB \
  -c checkpoint_completion_target=0.9 \
  -c wal_compression=on \
  -c wal_level=minimal \
  -c max_wal_senders=0 \
  -c shared_preload_libraries=pg_prewarm \
  -c log_error_verbosity=terse \
  -c log_min_error_statement=panic
for setting in ${POSTGRES_SETTINGS:-}; do
  set -- "$@" -c "$setting"
done
exec docker-entrypoint.sh "$@"
