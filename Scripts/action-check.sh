#!/usr/bin/env bash
# The check step of the GitHub Action (action.yml), kept here so it can run and be tested anywhere:
#   stickerforge check CATALOG... [--strict] [--baseline FILE] EXTRA_ARGS --format github
#       --report sarif:SARIF --report markdown:SUMMARY_FILE
# then appends the Markdown summary to $GITHUB_STEP_SUMMARY and writes `exit-code`, `sarif` and
# `summary` to $GITHUB_OUTPUT. Exits with check's status (0 clean, 1 findings, 2 unusable) unless
# INPUT_FAIL is "false", in which case it exits 0 and the status is only the `exit-code` output.
#
# Inputs (environment, as action.yml passes them):
#   INPUT_CATALOG   paths to check, space-separated (default: .)
#   INPUT_STRICT    "true" for --strict
#   INPUT_BASELINE  a baseline file (check --baseline), or empty
#   INPUT_ARGS      extra arguments for check, split on spaces
#   INPUT_SARIF     where to write the SARIF log (default: stickerforge.sarif)
#   INPUT_FAIL      "false" to never fail the step
#   STICKERFORGE    the binary (default: stickerforge on PATH)
#   GITHUB_STEP_SUMMARY, GITHUB_OUTPUT  files the runner provides (skipped when unset)
set -uo pipefail

bin="${STICKERFORGE:-stickerforge}"
sarif="${INPUT_SARIF:-stickerforge.sarif}"
summary="$(mktemp "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/stickerforge-summary.XXXXXX")"
trap 'rm -f "$summary"' EXIT

read -r -a catalogs <<< "${INPUT_CATALOG:-.}"
read -r -a extra <<< "${INPUT_ARGS:-}"
args=(check "${catalogs[@]}" --quiet --format github --report "sarif:$sarif" --report "markdown:$summary")
[ "${INPUT_STRICT:-false}" = true ] && args+=(--strict)
[ -n "${INPUT_BASELINE:-}" ] && args+=(--baseline "$INPUT_BASELINE")
args+=("${extra[@]}")

mkdir -p "$(dirname "$sarif")"
"$bin" "${args[@]}"
status=$?

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    if [ -s "$summary" ]; then
        cat "$summary" >> "$GITHUB_STEP_SUMMARY"
    else
        printf '### stickerforge\n\ncheck exited with status %s before writing a summary; see the log.\n' "$status" \
            >> "$GITHUB_STEP_SUMMARY"
    fi
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
    {
        echo "exit-code=$status"
        echo "sarif=$sarif"
    } >> "$GITHUB_OUTPUT"
fi
if [ "${INPUT_FAIL:-true}" = false ]; then exit 0; fi
exit "$status"
