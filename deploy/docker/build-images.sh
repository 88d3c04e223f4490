#!/usr/bin/env bash
# `npm run docker:images`: the base images (local-images.sh: official, or stand-ins where no registry answers),
# then ${LABLINE_REGISTRY:-labline}/<name>:${LABLINE_TAG:-latest} from deploy/docker/Dockerfile for every
# deployable workspace (services/<name>, the gateway and the sandbox peers: those with src/main.ts), as
# docker-compose.yml names them. The second and later images reuse the first one's build stage; an unchanged
# tree rebuilds nothing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
STATE="$ROOT/.labline/docker"
REGISTRY="${LABLINE_REGISTRY:-labline}"
TAG="${LABLINE_TAG:-latest}"

bash "$ROOT/deploy/docker/local-images.sh" > /dev/null
# shellcheck source=/dev/null
. "$STATE/images.env"

cd "$ROOT"
for dir in services/* gateway deploy/sandboxes/*; do
  [ -f "$dir/src/main.ts" ] || continue
  # deploy/sandboxes/smtp → smtp-sandbox, as docker-compose.yml names it
  name="$(basename "$dir")"
  case "$dir" in deploy/sandboxes/*) name="$name-sandbox" ;; esac
  image="$REGISTRY/$name:$TAG"
  log="$STATE/build-$name.log"
  started=$SECONDS
  if ! docker build -f deploy/docker/Dockerfile --build-arg "NODE_IMAGE=$NODE_IMAGE" --build-arg "PACKAGE=$dir" \
    -t "$image" . > "$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "[images] building $image failed (whole log: $log)" >&2
    exit 1
  fi
  size="$(docker image inspect --format '{{.Size}}' "$image")"
  printf '[images] %-28s %4d MB  built in %3d s\n' "$image" "$((size / 1000000))" "$((SECONDS - started))" >&2
done
