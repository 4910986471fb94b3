#!/usr/bin/env python3
"""Runs the official Mustache spec's JSON test files through `sitegen render`.

The spec is not part of this repository: pass the folder holding its
specs/*.json files (github.com/mustache/spec). Lambda tests (~lambdas) need
code in the data and are skipped.

    Tests/MustacheSpec/check.py SPEC_FOLDER [--sitegen PATH]
"""
import argparse
import json
import pathlib
import subprocess
import sys
import tempfile


def run_case(sitegen, case):
    with tempfile.TemporaryDirectory() as folder:
        folder = pathlib.Path(folder)
        (folder / "template.mustache").write_text(case["template"], encoding="utf-8")
        for name, text in case.get("partials", {}).items():
            (folder / f"{name}.mustache").write_text(text, encoding="utf-8")
        (folder / "data.json").write_text(json.dumps(case["data"]), encoding="utf-8")
        result = subprocess.run(
            [sitegen, "render", str(folder / "template.mustache"), "--data", str(folder / "data.json")],
            capture_output=True,
        )
        return result.returncode, result.stdout.decode("utf-8"), result.stderr.decode("utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("spec_folder")
    parser.add_argument("--sitegen", default=".build/debug/sitegen")
    args = parser.parse_args()
    passed = failed = 0
    for path in sorted(pathlib.Path(args.spec_folder).glob("*.json")):
        if "lambdas" in path.name:
            continue
        file_passed = 0
        tests = json.loads(path.read_text(encoding="utf-8"))["tests"]
        for case in tests:
            status, out, err = run_case(args.sitegen, case)
            if status == 0 and out == case["expected"]:
                file_passed += 1
            else:
                failed += 1
                print(f"FAIL {path.stem}: {case['name']}\n  expected {case['expected']!r}\n  got      {out!r} {err}")
        passed += file_passed
        print(f"{path.stem}: {file_passed}/{len(tests)}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
