#!/bin/sh
# Starts the browser named by SANDBOXED_BROWSER with the arguments it was given, killed
# with the process that started it (a killed worker leaves no browser), and, when
# SANDBOXED_BROWSER_USER is set (the service runs as root), as that unprivileged user,
# so that Chromium's sandbox can start: it refuses to as root. The profile and home
# folders the launcher made are handed to that user first.
# See src/rendering/browser-sandbox.ts and docs/rendering.md, "The browser's sandbox".
set -eu
browser=${SANDBOXED_BROWSER:?SANDBOXED_BROWSER names the browser to start}
user=${SANDBOXED_BROWSER_USER:-}
unset SANDBOXED_BROWSER SANDBOXED_BROWSER_USER

if [ -z "$user" ]; then
  exec setpriv --pdeathsig KILL -- "$browser" "$@"
fi

group=$(id -g "$user")
for arg in "$@"; do
  case $arg in
    --user-data-dir=*) chown -R "$user:$group" "${arg#--user-data-dir=}" ;;
  esac
done
if [ -n "${HOME:-}" ] && [ -d "$HOME" ]; then
  chown -R "$user:$group" "$HOME"
fi
# The parent-death signal is set after the change of user, which would clear it.
exec setpriv --reuid="$user" --regid="$group" --clear-groups --pdeathsig KILL -- "$browser" "$@"
