#!/usr/bin/env bash
# The base images docker-compose.yml and deploy/docker/Dockerfile start from (NODE_IMAGE, POSTGRES_IMAGE,
# NATS_IMAGE): the official ones when they are here or can be pulled, else local stand-ins built from Debian's
# packages, for machines that reach Debian's and npm's registries but no image registry (CI):
#   labline-local/debian:bookworm   debootstrap --variant=minbase, imported with `docker import`
#   labline-local/node:24-slim      that, the Node.js 24 binary of the npm `node` package and npm
#   labline-local/postgres:15       that and Debian's postgresql-15, with the official image's entrypoint variables
#   labline-local/nats:2.9          that and Debian's nats-server (JetStream: the compose file's config enables it)
# The stand-ins keep their own names (a Debian PostgreSQL 15 is no postgres:18). The script writes the images
# chosen to .labline/docker/images.env, which `docker compose --env-file` and the deploy test read.
# Idempotent: an image whose inputs are unchanged (label org.labline.inputs) is not built again.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LOCAL="$ROOT/deploy/docker/local"
STATE="$ROOT/.labline/docker"
ENV_FILE="$STATE/images.env"
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
NODE_BINARY="${NODE_BINARY:-$ROOT/node_modules/node/bin/node}"
NPM_VERSION="${NPM_VERSION:-11.19.1}"
CA_BUNDLE="${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"
DEBIAN_IMAGE=labline-local/debian:bookworm

say() { printf '[images] %s\n' "$*" >&2; }
fail() {
  say "$*"
  exit 1
}

docker info > /dev/null 2>&1 || fail "Docker does not answer (is dockerd running? 'docker info' fails): cannot build images."
mkdir -p "$STATE/cache"

inputs_of() { cat "$@" | sha256sum | cut -c1-16; }
label_of() { docker image inspect --format '{{ index .Config.Labels "org.labline.inputs" }}' "$1" 2> /dev/null || true; }
exists() { docker image inspect "$1" > /dev/null 2>&1; }

# The official image when it is here or a pull succeeds (a registry that cannot be reached fails at once).
official_available() {
  exists "$1" && return 0
  say "pulling $1..."
  timeout 600 docker pull --quiet "$1" > /dev/null 2>&1
}

debian_rootfs() {
  exists "$DEBIAN_IMAGE" && return 0
  command -v debootstrap > /dev/null || fail "debootstrap is missing (Debian: apt-get install debootstrap)"
  local started=$SECONDS dir
  dir="$(mktemp -d)"
  say "debootstrap bookworm (minbase) from $DEBIAN_MIRROR..."
  debootstrap --variant=minbase bookworm "$dir" "$DEBIAN_MIRROR" > "$STATE/debootstrap.log" 2>&1 ||
    fail "debootstrap failed, see $STATE/debootstrap.log"
  # The security updates too, for the packages the stand-ins install later.
  echo "deb http://deb.debian.org/debian-security bookworm-security main" >> "$dir/etc/apt/sources.list"
  rm -rf "$dir/var/cache/apt/archives/"*.deb "$dir/var/lib/apt/lists/"*
  tar -C "$dir" -c . | docker import --change 'CMD ["bash"]' - "$DEBIAN_IMAGE" > /dev/null
  rm -rf "$dir"
  say "$DEBIAN_IMAGE imported in $((SECONDS - started)) s"
}

# build_image <tag> <inputs> <context> <dockerfile>
build_image() {
  local tag=$1 inputs=$2 context=$3 dockerfile=$4 started=$SECONDS
  if [ "$(label_of "$tag")" = "$inputs" ]; then
    say "$tag is up to date"
    return 0
  fi
  debian_rootfs
  say "building $tag..."
  docker build --quiet --label "org.labline.inputs=$inputs" --build-arg "BASE_IMAGE=$DEBIAN_IMAGE" \
    -f "$dockerfile" -t "$tag" "$context" > "$STATE/build-${tag//[\/:]/-}.log" 2>&1 ||
    fail "building $tag failed, see $STATE/build-${tag//[\/:]/-}.log"
  say "$tag built in $((SECONDS - started)) s"
}

node_standin() {
  local tag=labline-local/node:24-slim context npm_tarball="$STATE/cache/npm-$NPM_VERSION.tgz" inputs
  [ -x "$NODE_BINARY" ] || fail "no Node.js binary at $NODE_BINARY (run npm ci first: the npm 'node' package ships it)"
  inputs="$( (
    cat "$LOCAL/node.Dockerfile" "$CA_BUNDLE"
    "$NODE_BINARY" --version
    echo "$NPM_VERSION"
  ) | sha256sum | cut -c1-16)"
  if [ "$(label_of "$tag")" != "$inputs" ]; then
    [ -f "$npm_tarball" ] || (cd "$STATE/cache" && npm pack --silent "npm@$NPM_VERSION" > /dev/null)
    context="$(mktemp -d)"
    # Without its debug sections the binary is a third smaller; its symbols stay for profiles and crash dumps.
    strip --strip-debug -o "$context/node" "$NODE_BINARY" 2> /dev/null || cp "$NODE_BINARY" "$context/node"
    cp "$npm_tarball" "$context/npm.tgz"
    cp "$CA_BUNDLE" "$context/ca-certificates.crt"
    build_image "$tag" "$inputs" "$context" "$LOCAL/node.Dockerfile"
    rm -rf "$context"
  else
    say "$tag is up to date"
  fi
  echo "$tag"
}

postgres_standin() {
  local tag=labline-local/postgres:15
  build_image "$tag" "$(inputs_of "$LOCAL/postgres.Dockerfile" "$LOCAL/postgres-entrypoint.sh")" "$LOCAL" \
    "$LOCAL/postgres.Dockerfile"
  echo "$tag"
}

nats_standin() {
  local tag=labline-local/nats:2.9
  build_image "$tag" "$(inputs_of "$LOCAL/nats.Dockerfile")" "$LOCAL" "$LOCAL/nats.Dockerfile"
  echo "$tag"
}

# choose <official> <stand-in builder>: prints the image to use.
choose() {
  if official_available "$1"; then
    say "using $1"
    echo "$1"
  else
    say "$1 cannot be pulled: a local stand-in"
    "$2"
  fi
}

started=$SECONDS
node_image="$(choose "${NODE_IMAGE:-node:24-slim}" node_standin)"
postgres_image="$(choose "${POSTGRES_IMAGE:-postgres:18}" postgres_standin)"
nats_image="$(choose "${NATS_IMAGE:-nats:2.10-alpine}" nats_standin)"
cat > "$ENV_FILE" << EOF
# Written by deploy/docker/local-images.sh: the base images found or built on this machine.
NODE_IMAGE=$node_image
POSTGRES_IMAGE=$postgres_image
NATS_IMAGE=$nats_image
EOF
say "images ready in $((SECONDS - started)) s: $ENV_FILE"
cat "$ENV_FILE"
