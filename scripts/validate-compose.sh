#!/usr/bin/env bash
# Validates docker-compose.yml without a Docker engine (CI has none): the Compose client parses
# and normalises it, then a few rules this project relies on are checked on the result.
#   scripts/validate-compose.sh [file]     (default: docker-compose.yml at the repository root;
#                                           needs docker-compose or `docker compose`, and python3-yaml)
set -euo pipefail
cd "$(dirname "$0")/.."
file="${1:-docker-compose.yml}"

if command -v docker-compose >/dev/null 2>&1; then
  compose=(docker-compose)
elif docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
else
  echo "validate-compose: neither docker-compose nor 'docker compose' is installed (apt-get install -y docker-compose)" >&2
  exit 2
fi

# Placeholder values so the check does not depend on the caller's environment.
export POSTGRES_PASSWORD=validate PUBLIC_URL=http://localhost:8000 HTTP_PORT=8000
normalised="$("${compose[@]}" -f "$file" config)"

python3 - "$normalised" "$file" <<'PY'
import sys, yaml

spec = yaml.safe_load(sys.argv[1])
services = spec.get('services', {})
problems = []

for name in ('postgres', 'redis', 'auth-emulator', 'api', 'proxy'):
    if name not in services:
        problems.append(f'service "{name}" is missing')
for name, service in services.items():
    if 'healthcheck' not in service:
        problems.append(f'service "{name}" has no healthcheck')

api = services.get('api', {})
if api.get('ports'):
    problems.append('api publishes a host port; only the proxy may, or a second replica cannot start')
if (api.get('deploy') or {}).get('replicas', 1) < 2:
    problems.append('api must run at least 2 replicas (deploy.replicas)')
env = api.get('environment') or {}
for key in ('DATABASE_URL', 'REDIS_URL', 'FIREBASE_AUTH_EMULATOR_HOST', 'PUBLIC_URL'):
    if not env.get(key):
        problems.append(f'api environment lacks {key}')
if env.get('NODE_ENV') == 'production' and env.get('FIREBASE_AUTH_EMULATOR_HOST'):
    problems.append('NODE_ENV=production with the auth emulator: the api refuses to start')
if not any(str(v).endswith(':/data/media') or str(v).endswith(':/data/media:rw') for v in api.get('volumes', [])):
    problems.append('api replicas must share one media volume at /data/media')
for dependency in ('postgres', 'redis', 'auth-emulator'):
    condition = ((api.get('depends_on') or {}).get(dependency) or {}).get('condition')
    if condition != 'service_healthy':
        problems.append(f'api must wait for {dependency} to be healthy')

declared = set((spec.get('volumes') or {}).keys())
for name, service in services.items():
    for volume in service.get('volumes', []):
        source = str(volume).split(':', 1)[0]
        if not source.startswith(('.', '/')) and source not in declared:
            problems.append(f'service "{name}" uses undeclared volume "{source}"')

if problems:
    print(f'validate-compose: {sys.argv[2]} has problems:', *problems, sep='\n  - ', file=sys.stderr)
    sys.exit(1)
print(f'validate-compose: {sys.argv[2]} is valid ({len(services)} services, api x{api["deploy"]["replicas"]})')
PY

# The proxy's configuration, when nginx is installed here (apt-get install -y nginx); it is not started.
if command -v nginx >/dev/null 2>&1; then
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
  printf 'pid %s/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  include %s;\n}\n' \
    "$scratch" "$PWD/deploy/nginx.conf" > "$scratch/nginx.conf"
  if nginx -t -q -c "$scratch/nginx.conf"; then
    echo 'validate-compose: deploy/nginx.conf is valid'
  else
    echo 'validate-compose: deploy/nginx.conf has problems (see above)' >&2
    exit 1
  fi
else
  echo 'validate-compose: nginx is not installed; deploy/nginx.conf not checked'
fi
