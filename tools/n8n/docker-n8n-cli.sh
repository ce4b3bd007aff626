#!/usr/bin/env bash
# The n8n CLI inside a Docker container (E2E_N8N_CONTAINER), run where runN8nCli runs a local n8n's:
# for the CI job that runs the e2e suite on n8n's 3.x image (test/e2e/helpers/externalN8n.ts). The
# container shares the host's network and /tmp, so the CLI's task runner takes the free port picked
# for it, and the workflow files the suite writes under /tmp are at the same path inside.
set -euo pipefail
exec docker exec -e N8N_RUNNERS_BROKER_PORT="${N8N_RUNNERS_BROKER_PORT:-}" -e N8N_PORT="${N8N_PORT:-}" -e N8N_LOG_LEVEL="${N8N_LOG_LEVEL:-info}" "${E2E_N8N_CONTAINER:?E2E_N8N_CONTAINER names the n8n container}" n8n "$@"
