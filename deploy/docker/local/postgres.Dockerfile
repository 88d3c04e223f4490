# A stand-in for the official postgres image where no image registry is reachable (deploy/docker/local-images.sh):
# Debian's PostgreSQL 15 behind an entrypoint that honours the variables Labline's compose file sets
# (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB), with its data under /var/lib/postgresql like postgres:18.
ARG BASE_IMAGE=labline-local/debian:bookworm
FROM ${BASE_IMAGE}
# No cluster of the package's own: the entrypoint initialises PGDATA on the volume.
RUN mkdir -p /etc/postgresql-common \
  && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \
  && apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /var/lib/postgresql /var/run/postgresql \
  && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
  PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
USER postgres
VOLUME /var/lib/postgresql
EXPOSE 5432
# Smart shutdown would wait for every client; fast shutdown is what the official image asks for too.
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
