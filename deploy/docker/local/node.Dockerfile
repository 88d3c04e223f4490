# A stand-in for the official node:24-slim where no image registry is reachable (deploy/docker/local-images.sh):
# Debian bookworm (debootstrap minbase), the Node.js 24 binary of the npm `node` package and npm itself, the
# user `node` (1000) as in the official image. The machine's CA bundle comes along so that npm inside a build
# reaches the registry through the same TLS-inspecting proxy the machine does.
ARG BASE_IMAGE=labline-local/debian:bookworm
FROM ${BASE_IMAGE}
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY node /usr/local/bin/node
COPY npm.tgz /tmp/npm.tgz
RUN mkdir -p /usr/local/lib/node_modules/npm \
  && tar -xzf /tmp/npm.tgz --strip-components=1 -C /usr/local/lib/node_modules/npm \
  && rm /tmp/npm.tgz \
  && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && groupadd --gid 1000 node \
  && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
  && node --version && npm --version
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
