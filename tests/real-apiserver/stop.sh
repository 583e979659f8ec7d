#!/usr/bin/env bash
# Stops what start.sh started.
STATE="${1:?usage: stop.sh STATE_DIR}"
[ -f "$STATE/pids" ] && while read -r pid; do kill "$pid" 2>/dev/null; done < "$STATE/pids"
sleep 1
[ -f "$STATE/pids" ] && while read -r pid; do kill -9 "$pid" 2>/dev/null; done < "$STATE/pids"
rm -f "$STATE/pids"
exit 0
