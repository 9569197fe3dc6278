#!/bin/sh
# Boot script of a web server (filled in by str_replace).
set -e
echo "stage=$STAGE" > /etc/web-stage
apt-get install -y nginx
printf 'DB_PASSWORD=%s\n' '$DB_PASSWORD' > /etc/web/db.env
systemctl enable --now nginx
