# A stand-in for the official nats image where no image registry is reachable (deploy/docker/local-images.sh):
# Debian's nats-server (2.9), started like the official image (arguments go to nats-server), with wget for the
# compose file's health check as in the official alpine variant.
ARG BASE_IMAGE=labline-local/debian:bookworm
FROM ${BASE_IMAGE}
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nats-server wget \
  && rm -rf /var/lib/apt/lists/*
EXPOSE 4222 8222
ENTRYPOINT ["nats-server"]
