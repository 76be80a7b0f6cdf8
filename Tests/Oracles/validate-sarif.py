#!/usr/bin/env python3
"""Validate SARIF logs written by `stickerforge check --format sarif`.

Usage: Tests/Oracles/validate-sarif.py [--schema SCHEMA.json] LOG.sarif [LOG.sarif ...]

Without --schema the logs are checked against the schema kept with the tests
(Tests/StickerReportsTests/Report/Schema/sarif-2.1.0-subset.json: the official SARIF 2.1.0
constraints for every object StickerForge writes). Pass the official OASIS schema file with
--schema to check against all of it. Nothing is fetched from the network.

Beyond the schema, it checks what the schema cannot say: every result's ruleIndex points at a
rule with the same id, rule ids are unique, every uriBaseId used is declared in
originalUriBaseIds, base URIs end in "/", and no location carries a region (the artifacts are
images). Exit status 0 when every log passes, 1 otherwise, 2 on bad usage.
"""
import argparse
import json
import pathlib
import re
import sys

try:
    import jsonschema
except ImportError:  # say what to install instead of a traceback
    sys.exit("validate-sarif.py needs the python3 'jsonschema' package (apt-get install python3-jsonschema)")

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
DEFAULT_SCHEMA = ROOT / "Tests/StickerReportsTests/Report/Schema/sarif-2.1.0-subset.json"

# jsonschema checks the "uri" and "uri-reference" formats only when optional packages are
# installed, so the RFC 3986 character rules are checked here: spaces and non-ASCII must be
# percent-encoded, and an absolute URI starts with a scheme.
URI_CHARS = re.compile(r"^(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def uri_problems(where, value, absolute):
    if not URI_CHARS.match(value):
        return [f"{where}: {value!r} is not an RFC 3986 URI (encode spaces and non-ASCII)"]
    if absolute and not SCHEME.match(value):
        return [f"{where}: {value!r} is not an absolute URI"]
    return []


def semantic_problems(log):
    """Cross-references the JSON schema cannot express."""
    problems = []
    if "$schema" in log:
        problems += uri_problems("$schema", log["$schema"], absolute=True)
    for r, run in enumerate(log.get("runs") or []):
        driver = run["tool"]["driver"]
        if "informationUri" in driver:
            problems += uri_problems(f"runs[{r}].tool.driver.informationUri", driver["informationUri"], True)
        rules = driver.get("rules", [])
        for k, rule in enumerate(rules):
            if "helpUri" in rule:
                problems += uri_problems(f"runs[{r}].tool.driver.rules[{k}].helpUri", rule["helpUri"], True)
        ids = [rule["id"] for rule in rules]
        if len(ids) != len(set(ids)):
            problems.append(f"runs[{r}]: duplicate rule ids")
        bases = run.get("originalUriBaseIds", {})
        for name, base in bases.items():
            if "uri" in base and not base["uri"].endswith("/"):
                problems.append(f"runs[{r}].originalUriBaseIds.{name}: uri must end with '/'")
            if "uri" in base:
                problems += uri_problems(f"runs[{r}].originalUriBaseIds.{name}", base["uri"],
                                         absolute="uriBaseId" not in base)
        for i, result in enumerate(run.get("results", [])):
            where = f"runs[{r}].results[{i}]"
            index = result.get("ruleIndex", -1)
            if index >= 0 and (index >= len(ids) or ids[index] != result.get("ruleId")):
                problems.append(f"{where}: ruleIndex {index} does not name rule {result.get('ruleId')!r}")
            for location in result.get("locations", []):
                physical = location.get("physicalLocation", {})
                if "region" in physical:
                    problems.append(f"{where}: an image location has a region")
                artifact = physical.get("artifactLocation", {})
                if "uri" in artifact:
                    problems += uri_problems(f"{where}.locations.uri", artifact["uri"],
                                             absolute="uriBaseId" not in artifact)
                base = artifact.get("uriBaseId")
                if base is not None and base not in bases:
                    problems.append(f"{where}: uriBaseId {base!r} is not in originalUriBaseIds")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--schema", type=pathlib.Path, default=DEFAULT_SCHEMA)
    parser.add_argument("logs", nargs="+", type=pathlib.Path)
    args = parser.parse_args()
    schema = json.loads(args.schema.read_text(encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    passed = failed = 0
    for path in args.logs:
        log = json.loads(path.read_text(encoding="utf-8"))
        problems = [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
                    for e in validator.iter_errors(log)]
        problems += semantic_problems(log)
        if problems:
            failed += 1
            print(f"FAIL {path}")
            for problem in problems:
                print(f"  {problem}")
        else:
            passed += 1
            print(f"ok   {path}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
